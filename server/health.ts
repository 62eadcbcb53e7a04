import type { Request, Response } from 'express'
import type { PgBoss } from 'pg-boss'
import { QUEUES } from '#jobs/queues.ts'
import type { DatabaseAvailability } from './outage.ts'

const TIMEOUT_MS = 2_000

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref()),
  ])
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * Queue counts and error texts are for operators: a request from this machine that no proxy
 * forwarded, or one with `Authorization: Bearer $HEALTH_TOKEN`. Everyone else sees only the states.
 */
function mayReadDetail(req: Request, token: string | undefined): boolean {
  if (token && req.get('authorization') === `Bearer ${token}`) return true
  const forwarded = req.get('x-forwarded-for') !== undefined || req.get('forwarded') !== undefined
  return !forwarded && LOOPBACK.has(req.socket.remoteAddress ?? '')
}

/** 200 with the database and queue state; 503 when the database does not answer. */
export function healthHandler(availability: DatabaseAvailability, boss: PgBoss, token: string | undefined) {
  return async (req: Request, res: Response) => {
    // The same check the pages' outage guard uses, so /healthz and pages switch to 503 together.
    const database = await availability.check()
    const queue = database.ok
      ? await withTimeout(boss.getQueues(Object.keys(QUEUES)))
          .then((queues) => ({
            ok: true,
            queues: Object.fromEntries(
              queues.map((q) => [q.name, { queued: q.queuedCount, active: q.activeCount, failed: q.failedCount }]),
            ),
          }))
          .catch((error: Error) => ({ ok: false, error: error.message }))
      : { ok: false, error: 'database unreachable' }
    const ok = database.ok && queue.ok
    const body = mayReadDetail(req, token)
      ? { status: ok ? 'ok' : 'degraded', database, queue }
      : { status: ok ? 'ok' : 'degraded', database: { ok: database.ok }, queue: { ok: queue.ok } }
    res.status(database.ok ? 200 : 503).set('Cache-Control', 'no-store').json(body)
  }
}
