import type { Db } from '#db/client.ts'
import {
  clearLoginFailures,
  consumeRateLimit,
  loginDelayRemaining,
  RATE_LIMITS,
  recordLoginFailure,
  refundRateLimit,
  secondsUntilWindowEnds,
} from '#app/server/rate-limit.server.ts'
import { authenticate, type Outcome } from './mutations.server.ts'

export type LoginOutcome = Outcome<{ userId: string }> & { rateLimited?: boolean; retryAfterSeconds?: number }

const limited = (retryAfterSeconds: number): LoginOutcome => ({ ok: false, messageKey: 'accounts.rateLimited', rateLimited: true, retryAfterSeconds })

/**
 * A sign-in attempt under the throttles, none of which locks the account for its owner:
 * - each (e-mail, client IP) pair gets a few free failures, then waits 1 s, 2 s, 4 s … (up to 15 min)
 *   before its next attempt is even checked;
 * - each client IP has a budget of attempts that did not succeed (30 per 15 min);
 * - each e-mail has a ceiling over all IPs together (100 per 15 min) that only a distributed attack
 *   reaches.
 * The budgets are counted before the password is checked (so a burst of parallel guesses is bounded
 * too) and handed back when the sign-in succeeds. Everything is counted in PostgreSQL, so the limits
 * hold across web processes. A refused attempt says how long to wait (Retry-After).
 */
export async function attemptLogin(db: Db, attempt: { email: string; password: string; ip: string }): Promise<LoginOutcome> {
  const { email, ip } = attempt
  const wait = await loginDelayRemaining(db, email, ip)
  if (wait > 0) return limited(wait)
  if (await consumeRateLimit(db, RATE_LIMITS.loginPerIp, ip)) return limited(secondsUntilWindowEnds(RATE_LIMITS.loginPerIp))
  if (await consumeRateLimit(db, RATE_LIMITS.loginPerEmail, email)) return limited(secondsUntilWindowEnds(RATE_LIMITS.loginPerEmail))
  const outcome = await authenticate(db, email, attempt.password)
  if (outcome.ok) {
    await refundRateLimit(db, RATE_LIMITS.loginPerIp, ip)
    await refundRateLimit(db, RATE_LIMITS.loginPerEmail, email)
    await clearLoginFailures(db, email, ip)
  } else if (outcome.messageKey === 'accounts.login.invalid') {
    await recordLoginFailure(db, email, ip)
  }
  return outcome
}
