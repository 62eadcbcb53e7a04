import type { NextFunction, Request, Response } from 'express'
import { sql } from 'kysely'
import type { Logger } from '#app/server/logger.server.ts'
import { isDatabaseUnavailable, outageResponse, preloadOutageTexts } from '#app/server/outage.server.ts'
import type { Db } from '#db/client.ts'

export { isDatabaseUnavailable }

/** How long a good answer from the database is trusted before the next request asks again. */
const FRESH_MS = 500
const CHECK_TIMEOUT_MS = 2_000

export interface DatabaseCheck {
  ok: boolean
  latencyMs?: number
  error?: string
}

export interface DatabaseAvailability {
  /** Whether the database answers: a recent good answer is trusted, otherwise it is asked now. */
  available(): Promise<boolean>
  /** Asks the database now (shared with any check already running). */
  check(): Promise<DatabaseCheck>
}

/**
 * Tracks whether the database is reachable, asking it (SELECT 1) at most twice a second while it
 * is, and on every request (one query at a time, shared) while it is not, so pages come back the
 * moment it does. /healthz asks through the same tracker. A slow answer (a busy pool) counts as
 * not reachable for that check, but only a connection error switches pages to the outage answer.
 */
export function databaseAvailability(db: Db, logger: Logger): DatabaseAvailability {
  let up = true
  let checkedAt = 0
  let inflight: Promise<DatabaseCheck> | null = null
  const set = (value: boolean, error?: unknown) => {
    if (value !== up) {
      if (value) logger.info('database reachable again')
      else logger.error({ error: error instanceof Error ? error.message : String(error) }, 'database unreachable: pages answer 503')
    }
    up = value
  }
  const check = () => {
    inflight ??= (async (): Promise<DatabaseCheck> => {
      const started = performance.now()
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([
          sql`SELECT 1`.execute(db),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
          }),
        ])
        set(true)
        return { ok: true, latencyMs: Math.round(performance.now() - started) }
      } catch (error) {
        if (isDatabaseUnavailable(error)) set(false, error)
        return { ok: false, error: error instanceof Error ? error.message : String(error) }
      } finally {
        clearTimeout(timer)
        checkedAt = Date.now()
      }
    })().finally(() => {
      inflight = null
    })
    return inflight
  }
  return {
    check,
    available: async () => (up && Date.now() - checkedAt < FRESH_MS ? true : (await check(), up)),
  }
}

/**
 * While the database is unreachable, answers pages with a friendly 503 page and API calls with
 * 503 `{ message }` before the request reaches React Router, whose session, language and loaders
 * all need the database. (A request already inside React Router when the database goes is
 * answered the same way by the root middleware, app/root.tsx.)
 */
export async function outageGuard(availability: DatabaseAvailability) {
  await preloadOutageTexts()
  return async (req: Request, res: Response, next: NextFunction) => {
    if (await availability.available()) return next()
    const answer = await outageResponse({ url: req.originalUrl, cookie: req.get('cookie'), nonce: String(res.locals.nonce ?? '') })
    res.status(answer.status)
    answer.headers.forEach((value, key) => res.setHeader(key, value))
    res.send(Buffer.from(await answer.arrayBuffer()))
  }
}
