import type { Route } from './+types/api.reset-password'
import { resetPassword } from '#app/features/accounts/mutations.server.ts'
import { ResetPasswordSchema } from '#app/features/accounts/schema.ts'
import { jsonError, methodNotAllowed, readJsonBody } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['POST']

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

/** POST /api/reset-password: JSON token, newPassword, confirmPassword; always answers JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const reset = await readJsonBody(request, context, ResetPasswordSchema)
  const outcome = await resetPassword(getServices(context).db, reset.token, reset.newPassword)
  const { t } = getInstance(context)
  if (!outcome.ok) return jsonError(400, t(outcome.messageKey))
  return Response.json({ message: t('accounts.reset.success') })
}
