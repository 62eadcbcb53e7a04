import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { receiveUpload } from '#app/features/documents/upload.server.ts'
import type { Db } from '#db/client.ts'
import { localStorage } from '#app/server/storage.server.ts'
import { startBoss } from '#jobs/boss.ts'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { testDatabaseUrl } from '#tests/helpers/database.ts'
import { multipartRequest } from '#tests/helpers/multipart.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * Worker processes as `npm run worker` starts them, on the test database, sharing one data folder
 * and one pg-boss with the test; every worker is killed and the folder removed after the file.
 */
export async function useWorkerProcesses(folderPrefix: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), folderPrefix))
  const boss = await startBoss(testDatabaseUrl(), () => {})
  const workers: ChildProcess[] = []

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL')
    await boss.stop({ graceful: false })
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  })

  function startWorker(): ChildProcess {
    const child = spawn(process.execPath, ['server/index.ts', '--role=worker'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: testDatabaseUrl(), DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '1' },
      stdio: 'ignore',
    })
    workers.push(child)
    return child
  }

  /** Uploads a real book-length PDF, whose extraction lasts long enough to be interrupted; returns its document id. */
  async function uploadBook(db: Db, userId: string): Promise<string> {
    const style = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
    const request = multipartRequest('http://test.local/api/upload', { reference_style_id: String(style.id) }, [
      { field: 'pdf_file', name: 'book.pdf', type: 'application/pdf', bytes: await corpusFile('pymupdf-mupdf_explored.pdf') },
    ])
    const result = await receiveUpload({ db, boss, storage: localStorage(path.join(dataDir, 'files')), maxMb: 50 }, request, userId)
    if (!result.ok) throw new Error(result.key)
    return result.documentIds[0]
  }

  return { boss, startWorker, uploadBook }
}
