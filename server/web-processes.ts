import cluster, { type Worker } from 'node:cluster'
import path from 'node:path'
import type { Logger } from '#app/server/logger.server.ts'

const SERVER_ENTRY = path.resolve(import.meta.dirname, 'index.ts')
/** A web process that dies sooner than this after its start is not restarted at once again: it waits. */
const RESTART_BACKOFF_MS = [0, 1_000, 5_000, 15_000]
const STABLE_AFTER_MS = 30_000

/** Set in the environment of the web processes this module forks (and not by another cluster manager, e.g. PM2's). */
const FORKED_MARK = 'MARGINALIA_FORKED_WEB_PROCESS'

/** True in a web process this module forked: the parent has migrated and seeded, and runs the workers. */
export const isForkedWebProcess = cluster.isWorker && process.env[FORKED_MARK] === '1'

/**
 * Runs the web server in `count` processes that share one port (node:cluster hands each new
 * connection to the next process in turn), so one machine's cores all render pages; the parent
 * keeps the workers, the queue and the embedded database. A process that dies is replaced.
 */
export async function forkWebProcesses(options: { count: number; databaseUrl: string; logger: Logger }) {
  const { count, databaseUrl, logger } = options
  cluster.setupPrimary({ exec: SERVER_ENTRY, args: ['--role=web'] })
  let stopping = false
  let quickDeaths = 0

  const fork = () => {
    const worker = cluster.fork({ DATABASE_URL: databaseUrl, [FORKED_MARK]: '1' })
    const startedAt = Date.now()
    worker.on('exit', (code, signal) => {
      if (stopping) return
      const lived = Date.now() - startedAt
      quickDeaths = lived < STABLE_AFTER_MS ? quickDeaths + 1 : 0
      const delay = RESTART_BACKOFF_MS[Math.min(quickDeaths, RESTART_BACKOFF_MS.length - 1)]
      logger.error({ webPid: worker.process.pid, code, signal, restartInMs: delay }, 'web process ended; starting another')
      setTimeout(() => {
        if (!stopping) fork()
      }, delay).unref()
    })
    return worker
  }

  const listening = Array.from({ length: count }, () => {
    const worker = fork()
    return new Promise<void>((resolve, reject) => {
      worker.once('listening', () => resolve())
      worker.once('exit', (code) => reject(new Error(`a web process exited with code ${code} before it listened`)))
    })
  })
  await Promise.all(listening)

  /** Each web process finishes its in-flight requests (SIGTERM), then this resolves. */
  const close = async () => {
    stopping = true
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead())
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve())
            worker.process.kill('SIGTERM')
          }),
      ),
    )
  }
  return { close }
}
