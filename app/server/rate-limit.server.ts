import { sql } from 'kysely'
import type { Db } from '#db/client.ts'

export interface RateLimit {
  /** Distinguishes the counters, e.g. `login:ip`. */
  name: string
  limit: number
  windowSeconds: number
}

/** The limits of the account forms and their API calls (per client IP, and per e-mail where it matters). */
export const RATE_LIMITS = {
  loginPerIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  loginFailuresPerEmail: { name: 'login:email', limit: 10, windowSeconds: 15 * 60 },
  resetRequestPerIp: { name: 'reset:ip', limit: 10, windowSeconds: 60 * 60 },
  resetRequestPerEmail: { name: 'reset:email', limit: 3, windowSeconds: 60 * 60 },
  registerPerIp: { name: 'register:ip', limit: 10, windowSeconds: 60 * 60 },
  subscribePerIp: { name: 'subscribe:ip', limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>

const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowSeconds)) * 1000

function windowStart(limit: RateLimit, now: number): Date {
  const size = limit.windowSeconds * 1000
  return new Date(Math.floor(now / size) * size)
}

/**
 * Counts one hit in the current fixed window and says whether the limit is now exceeded. The counter
 * lives in PostgreSQL (one upsert), so the limit holds across every web process.
 */
export async function consumeRateLimit(db: Db, limit: RateLimit, key: string): Promise<boolean> {
  const bucket = `${limit.name}:${key.toLowerCase()}`
  const start = windowStart(limit, Date.now())
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: start, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow()
  if (row.hits === 1) {
    // A new window began: counters older than the longest window are finished and can go.
    await db.deleteFrom('rate_limits').where('window_start', '<', new Date(Date.now() - 2 * LONGEST_WINDOW_MS)).execute()
  }
  return row.hits > limit.limit
}

/** Whether the limit is already reached, without counting a hit (for limits that count failures only). */
export async function isRateLimited(db: Db, limit: RateLimit, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', `${limit.name}:${key.toLowerCase()}`)
    .where('window_start', '=', windowStart(limit, Date.now()))
    .executeTakeFirst()
  return (row?.hits ?? 0) >= limit.limit
}
