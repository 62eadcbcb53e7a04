import type { TFunction } from 'i18next'
import { sql } from 'kysely'
import type { Services } from '#app/server/services.server.ts'
import { queueMail } from '#app/server/mail.server.ts'
import { consumeRateLimit, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { hashSecret, newSecret } from '#app/server/tokens.server.ts'
import { RESET_TOKEN_TTL_MS } from './mutations.server.ts'

export interface PasswordResetJob {
  email: string
  /** The language of the request, for the mail. */
  language: string
}

/**
 * The request path of a password reset: the same single statement for every address (one
 * `password-reset` job), so neither the answer nor its timing can say whether an account exists.
 * The job (run by the workers) does the rest: `sendPasswordResetLink`.
 */
export async function requestPasswordReset(services: Pick<Services, 'boss'>, request: PasswordResetJob): Promise<void> {
  await services.boss.send('password-reset', { email: request.email, language: request.language })
}

/**
 * The `password-reset` job: mails a single-use reset link (valid for one hour; only its hash is
 * stored) when the address belongs to an active account and has not asked too often, and writes
 * nothing otherwise. It does the same work either way (one look-up, the token made and hashed, the
 * mail composed, one transaction with the same statements, which insert no token and no mail for an
 * unknown address, and with SMTP the same `send-email` job), so even its own timing tells nothing.
 */
export async function sendPasswordResetLink(
  services: Pick<Services, 'db' | 'boss' | 'config' | 'logger'>,
  email: string,
  t: TFunction,
): Promise<void> {
  const { db, config } = services
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'email'])
    .where('email', '=', email)
    .where('is_active', '=', true)
    .executeTakeFirst()
  const token = newSecret()
  const tokenHash = hashSecret(token)
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS)
  const link = `${config.appUrl}/reset-password/${token}`
  await queueMail(
    services,
    {
      to: user?.email ?? email,
      subject: t('accounts.resetMail.subject'),
      text: t('accounts.resetMail.body', { firstName: user?.first_name ?? '', link }),
      kind: 'password-reset',
    },
    {
      deliver: Boolean(user),
      before: async (trx) => {
        // Past the per-address limit nothing more is sent, but the work (and the answer) stays the
        // same. Counted in this transaction, so it writes (and flushes) for every address alike.
        const overLimit = await consumeRateLimit(trx, RATE_LIMITS.resetRequestPerEmail, email)
        const userId = user && !overLimit ? user.id : null
        await trx
          .insertInto('password_reset_tokens')
          .columns(['token_hash', 'user_id', 'expires_at'])
          .expression(sql`SELECT ${tokenHash}, ${userId}::uuid, ${expiresAt}::timestamptz WHERE ${userId}::uuid IS NOT NULL`)
          .execute()
        return !overLimit
      },
    },
  )
}
