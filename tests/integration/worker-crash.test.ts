import { expect, it } from 'vitest'
import { useTestDb } from '#tests/helpers/database.ts'
import { createUser } from '#tests/helpers/users.ts'
import { useWorkerProcesses } from '#tests/helpers/worker-processes.ts'

const db = useTestDb()
const { startWorker, uploadBook } = await useWorkerProcesses('marginalia-crash-')

async function waitForStatus(id: string, wanted: (status: string) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const row = await db.selectFrom('documents').select('upload_status').where('id', '=', id).executeTakeFirstOrThrow()
    if (wanted(row.upload_status)) return row.upload_status
    if (Date.now() > deadline) throw new Error(`still ${row.upload_status}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

it('a worker killed in the middle of a job loses no document: another worker finishes it', async () => {
  const user = await createUser(db)
  const id = await uploadBook(db, user.id)

  const first = startWorker()
  await waitForStatus(id, (s) => s !== 'uploaded', 30_000)
  first.kill('SIGKILL')
  const stuck = await db.selectFrom('documents').select('upload_status').where('id', '=', id).executeTakeFirstOrThrow()
  expect(['processing_apa', 'apa_extracted', 'processing_colors', 'colors_extracted', 'processing_annotations']).toContain(stuck.upload_status)

  startWorker()
  expect(await waitForStatus(id, (s) => s === 'raw_annotations_inserted' || s === 'failed', 90_000)).toBe('raw_annotations_inserted')
  const history = await db.selectFrom('document_status_history').select('to_status').where('document_id', '=', id).execute()
  expect(history.filter((h) => h.to_status === 'processing_apa').length).toBeGreaterThanOrEqual(2)
}, 150_000)
