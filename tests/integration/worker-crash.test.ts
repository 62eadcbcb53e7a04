import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { receiveUpload } from '#app/features/documents/upload.server.ts'
import { localStorage } from '#app/server/storage.server.ts'
import { startBoss } from '#jobs/boss.ts'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { testDatabaseUrl, useTestDb } from '#tests/helpers/database.ts'
import { multipartRequest } from '#tests/helpers/multipart.ts'
import { createUser } from '#tests/helpers/users.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const db = useTestDb()
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-crash-'))
const boss = await startBoss(testDatabaseUrl(), () => {})
const workers: ChildProcess[] = []

afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL')
  await boss.stop({ graceful: false })
  await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

/** A separate worker process, as `npm run worker` starts it. */
function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['server/index.ts', '--role=worker'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '1' },
    stdio: 'ignore',
  })
  workers.push(child)
  return child
}

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
  const style = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
  const request = multipartRequest('http://test.local/api/upload', { reference_style_id: String(style.id) }, [
    { field: 'pdf_file', name: 'book.pdf', type: 'application/pdf', bytes: await corpusFile('pymupdf-mupdf_explored.pdf') },
  ])
  const storage = localStorage(path.join(dataDir, 'files'))
  const result = await receiveUpload({ db, boss, storage, maxMb: 50 }, request, user.id)
  if (!result.ok) throw new Error(result.key)
  const [id] = result.documentIds

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
