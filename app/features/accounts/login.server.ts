import type { Db } from '#db/client.ts'
import { consumeRateLimit, isRateLimited, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { authenticate, type Outcome } from './mutations.server.ts'

/**
 * A sign-in attempt under the rate limits: every attempt counts against the client IP, and failed
 * ones against the e-mail, so guessing one account's password is slow from any number of machines.
 */
export async function attemptLogin(
  db: Db,
  attempt: { email: string; password: string; ip: string },
): Promise<Outcome<{ userId: string }> & { rateLimited?: boolean }> {
  const limited =
    (await consumeRateLimit(db, RATE_LIMITS.loginPerIp, attempt.ip)) ||
    (await isRateLimited(db, RATE_LIMITS.loginFailuresPerEmail, attempt.email))
  if (limited) return { ok: false, messageKey: 'accounts.rateLimited', rateLimited: true }
  const outcome = await authenticate(db, attempt.email, attempt.password)
  if (!outcome.ok) await consumeRateLimit(db, RATE_LIMITS.loginFailuresPerEmail, attempt.email)
  return outcome
}
