import type { TFunction } from 'i18next'
import type { Services } from '#app/server/services.server.ts'
import { queueMail } from '#app/server/mail.server.ts'
import { registerUser, type Outcome } from './mutations.server.ts'
import type { Registration } from './schema.ts'

/**
 * Registration with an invitation, answering the same whether or not the e-mail already has an
 * account: the same success, and the same work (a mail is composed and queued either way; only for
 * a known e-mail is it written and sent: to the owner, saying they already have an account and how
 * to sign in or reset the password). The visitor learns nothing about which addresses are registered.
 */
export async function registerAccount(services: Services, registration: Registration, t: TFunction): Promise<Outcome> {
  const appUrl = services.config.appUrl
  // In the registration's own transaction: one commit either way (a new account writes the user, a
  // known e-mail the mail; both spend the invitation).
  const outcome = await registerUser(services.db, registration, (trx, { created, email, firstName }) =>
    queueMail(
      services,
      {
        to: email,
        subject: t('accounts.accountExistsMail.subject'),
        text: t('accounts.accountExistsMail.body', { firstName, loginLink: `${appUrl}/login`, resetLink: `${appUrl}/request-password-reset` }),
        kind: 'account-exists',
      },
      { deliver: !created, trx },
    ),
  )
  if (!outcome.ok) return outcome
  return { ok: true, value: undefined }
}
