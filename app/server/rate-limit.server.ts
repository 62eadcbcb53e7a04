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
  // Sign-in attempts that did not succeed (counted up front, refunded on success): per client IP,
  // and per e-mail from all IPs together, a ceiling only a distributed attack reaches.
  loginPerIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  loginPerEmail: { name: 'login:email', limit: 100, windowSeconds: 15 * 60 },
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

/** Seconds until the current window of a limit ends: the Retry-After of an answer it refused. */
export function secondsUntilWindowEnds(limit: RateLimit, now = Date.now()): number {
  return Math.max(1, Math.ceil((windowStart(limit, now).getTime() + limit.windowSeconds * 1000 - now) / 1000))
}

/**
 * Counts one hit in the current fixed window and says whether the limit is now exceeded. The counter
 * lives in PostgreSQL (one upsert), so the limit holds across every web process.
 */
export async function consumeRateLimit(db: Db, limit: RateLimit, key: string): Promise<boolean> {
  return (await countHit(db, limit, key)) > limit.limit
}

/** Takes back one hit of the current window (an attempt that turned out legitimate). */
export async function refundRateLimit(db: Db, limit: RateLimit, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('bucket', '=', `${limit.name}:${key.toLowerCase()}`)
    .where('window_start', '=', windowStart(limit, Date.now()))
    .execute()
}

async function countHit(db: Db, limit: RateLimit, key: string): Promise<number> {
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
  return row.hits
}

/** The sign-in delay of one (e-mail, client IP) pair: a few free failures, then a doubling wait. */
export const LOGIN_DELAY = {
  freeFailures: 4,
  baseSeconds: 1,
  maxSeconds: 15 * 60,
  /** A pair's count starts again after this long without a failure. */
  forgetAfterSeconds: 60 * 60,
}

/** The wait after a pair's nth consecutive failure: 0 for the free ones, then 1 s, 2 s, 4 s … up to 15 min. */
export function loginDelaySeconds(failures: number): number {
  if (failures <= LOGIN_DELAY.freeFailures) return 0
  return Math.min(LOGIN_DELAY.maxSeconds, LOGIN_DELAY.baseSeconds * 2 ** (failures - LOGIN_DELAY.freeFailures - 1))
}

function pairKey(email: string, ip: string): string {
  return `${email.toLowerCase()}|${ip}`
}

/** Seconds this pair must still wait before its next attempt is even checked, or 0. */
export async function loginDelayRemaining(db: Db, email: string, ip: string): Promise<number> {
  // Measured by the database's clock, which set the wait.
  const row = await db
    .selectFrom('login_throttle')
    .select(sql<string>`ceil(extract(epoch from blocked_until - now()))`.as('seconds'))
    .where('key', '=', pairKey(email, ip))
    .executeTakeFirst()
  return Math.max(0, Number(row?.seconds ?? 0))
}

/** Records a failed sign-in of the pair (one upsert, so web processes agree) and returns its new wait in seconds. */
export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<number> {
  const forget = sql`now() - make_interval(secs => ${LOGIN_DELAY.forgetAfterSeconds})`
  const row = await db
    .insertInto('login_throttle')
    .values({ key: pairKey(email, ip), failures: 1, last_failure_at: sql`now()`, blocked_until: sql`now()` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN login_throttle.last_failure_at < ${forget} THEN 1 ELSE login_throttle.failures + 1 END`,
        last_failure_at: sql`now()`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow()
  const delay = loginDelaySeconds(row.failures)
  await db
    .updateTable('login_throttle')
    .set({ blocked_until: sql`greatest(blocked_until, now() + make_interval(secs => ${delay}))` })
    .where('key', '=', pairKey(email, ip))
    .execute()
  if (row.failures === 1) {
    // Pairs quiet for longer than they are remembered are finished and can go.
    await db.deleteFrom('login_throttle').where('last_failure_at', '<', sql<Date>`${forget}`).execute()
  }
  return delay
}

/** A successful sign-in ends the pair's delay. */
export async function clearLoginFailures(db: Db, email: string, ip: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', pairKey(email, ip)).execute()
}
