import type { TFunction } from 'i18next'
import type { Services } from '#app/server/services.server.ts'
import { queueMail } from '#app/server/mail.server.ts'
import { createPasswordResetToken } from './mutations.server.ts'

/**
 * Mails a reset link when the address belongs to an active account, and does nothing otherwise: the
 * caller answers with the same neutral message either way.
 */
export async function sendPasswordResetLink(services: Services, email: string, t: TFunction): Promise<void> {
  const reset = await createPasswordResetToken(services.db, email)
  if (!reset) return
  const link = `${services.config.appUrl}/reset-password/${reset.token}`
  await queueMail(services, {
    to: reset.email,
    subject: t('accounts.resetMail.subject'),
    text: t('accounts.resetMail.body', { firstName: reset.firstName, link }),
  })
}
