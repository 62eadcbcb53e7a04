import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { loadConfig } from '#app/server/config.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { createStorage } from '#app/server/storage.server.ts'
import { createDb } from '#db/client.ts'
import { startBoss } from '#jobs/boss.ts'
import { closeExtractionWorkers } from '#jobs/pdf/index.ts'
import { startWorkers } from '#jobs/worker.ts'
import { startWeb } from '#server/web.ts'
import { testDatabaseUrl } from './database.ts'

/**
 * The real web server (the production build, as `npm start` serves it) on a free port, against
 * this test file's database and a temporary file store; with `workers`, the job workers too.
 * Needs `npm run build` first, which `npm test` does.
 */
export async function startTestServer(env: Record<string, string> = {}, options: { workers?: boolean } = {}) {
  const databaseUrl = testDatabaseUrl()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-data-'))
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  })
  const logger = createLogger(config.logLevel)
  const db = createDb(databaseUrl, { max: 5 })
  const boss = await startBoss(databaseUrl, () => {})
  const storage = createStorage(config.storage)
  const services = { db, databaseUrl, boss, config, logger, storage }
  const web = await startWeb(services)
  if (options.workers) await startWorkers(services)
  const port = (web.server.address() as AddressInfo).port
  const baseUrl = `http://127.0.0.1:${port}`
  afterAll(async () => {
    await web.close()
    await boss.stop({ graceful: false })
    await closeExtractionWorkers()
    await db.destroy()
    // A job stopped without waiting may still be writing its files for a moment: retry the removal.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  })
  return { baseUrl, db, boss, config, storage }
}
