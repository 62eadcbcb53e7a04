import { sql } from 'kysely'
import type { JobWithMetadata } from 'pg-boss'
import { expect, it } from 'vitest'
import { QUEUES } from '#jobs/queues.ts'
import { deadLetterHandler, EXTRACT_FAILED_MESSAGE, GENERATE_TIMEOUT_MESSAGE, runStuckSweep } from '#jobs/sweep-stuck.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { useTestDb } from '#tests/helpers/database.ts'
import { insertDocument } from '#tests/helpers/documents.ts'
import { createUser } from '#tests/helpers/users.ts'
import { useWorkerProcesses } from '#tests/helpers/worker-processes.ts'

const db = useTestDb()
const { boss, startWorker, uploadBook } = await useWorkerProcesses('marginalia-killed-')

async function until<T>(read: () => Promise<T>, wanted: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (wanted(value)) return value
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const attempts = (id: string) =>
  db
    .selectFrom('document_status_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('document_id', '=', id)
    .where('to_status', '=', 'processing_apa')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n))

it('a document whose worker dies on every attempt ends failed with a message (dead letter queue)', async () => {
  const user = await createUser(db)
  const id = await uploadBook(db, user.id)

  // Every attempt: a worker takes the job and is killed mid-extraction. Instead of waiting the
  // 10 s for its heartbeat to go stale, the test ages the heartbeat; pg-boss's supervisor then
  // fails the attempt as it would after a real 10 s.
  for (let attempt = 1; attempt <= QUEUES.extract.retryLimit + 1; attempt++) {
    const worker = startWorker()
    await until(() => attempts(id), (n) => n >= attempt, 60_000, `attempt ${attempt} started`)
    worker.kill('SIGKILL')
    await new Promise((r) => worker.once('exit', r))
    await sql`UPDATE pgboss.job SET heartbeat_on = now() - interval '1 hour' WHERE name = 'extract' AND data->>'documentId' = ${id} AND state = 'active'`.execute(db)
  }

  // The last attempt failed for good: its copy in the dead letter queue ends the document, with
  // any live worker (here a fresh one) doing it.
  startWorker()
  const row = await until(
    () => db.selectFrom('documents').select(['upload_status', 'status_message']).where('id', '=', id).executeTakeFirstOrThrow(),
    (r) => r.upload_status !== 'processing_apa' && r.upload_status !== 'uploaded',
    60_000,
    'document ended',
  )
  expect(row).toEqual({ upload_status: 'failed', status_message: EXTRACT_FAILED_MESSAGE })
  expect(await attempts(id)).toBe(QUEUES.extract.retryLimit + 1)
}, 150_000)

it('the sweeper ends a document stuck in progress with no job left, and leaves one with a live job alone', async () => {
  const logger = createLogger('silent')
  const user = await createUser(db)
  const stuck = await insertDocument(db, user.id)
  const queued = await insertDocument(db, user.id)
  const recent = await insertDocument(db, user.id)
  const longAgo = new Date(Date.now() - 3_600_000)
  await db.updateTable('documents').set({ upload_status: 'processing_annotations', updated_at: longAgo }).where('id', '=', stuck.id).execute()
  await db.updateTable('documents').set({ updated_at: longAgo }).where('id', '=', queued.id).execute()
  await boss.send('extract', { documentId: queued.id }, { startAfter: 3600 })
  await db.updateTable('documents').set({ upload_status: 'processing_apa' }).where('id', '=', recent.id).execute()

  expect(await runStuckSweep({ db, logger })).toBe(1)
  const rows = await db.selectFrom('documents').select(['id', 'upload_status', 'status_message']).where('user_id', '=', user.id).execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  expect(byId.get(stuck.id)?.upload_status).toBe('make1_timeout')
  expect(byId.get(stuck.id)?.status_message).toMatch(/took too long/)
  expect(byId.get(queued.id)?.upload_status).toBe('uploaded')
  expect(byId.get(recent.id)?.upload_status).toBe('processing_apa')
  // Idempotent: a second run finds nothing.
  expect(await runStuckSweep({ db, logger })).toBe(0)
})

/** What pg-boss hands the dead letter queue's worker: the job's data and the original's output. */
const deadLetter = (documentId: string, message: string) =>
  ({ data: { documentId }, sourceName: 'generate', sourceOutput: { value: { message } } }) as unknown as JobWithMetadata<{ documentId: string }>

it('a dead-lettered job that expired ends its document in the step\'s timeout; a settled document is left alone', async () => {
  const logger = createLogger('silent')
  const user = await createUser(db)
  const generating = await insertDocument(db, user.id)
  const done = await insertDocument(db, user.id)
  await db.updateTable('documents').set({ upload_status: 'processing_downloads' }).where('id', '=', generating.id).execute()
  await db.updateTable('documents').set({ upload_status: 'completed' }).where('id', '=', done.id).execute()
  await deadLetterHandler({ db, logger })([deadLetter(generating.id, 'job timed out'), deadLetter(done.id, 'job heartbeat timeout')])
  const rows = await db.selectFrom('documents').select(['id', 'upload_status', 'status_message']).where('user_id', '=', user.id).execute()
  expect(rows.find((r) => r.id === generating.id)).toMatchObject({ upload_status: 'ps2_timeout', status_message: GENERATE_TIMEOUT_MESSAGE })
  expect(rows.find((r) => r.id === done.id)).toMatchObject({ upload_status: 'completed', status_message: null })
})
