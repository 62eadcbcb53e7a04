import type { Route } from './+types/api.account.password'
import { changePassword } from '#app/features/accounts/mutations.server.ts'
import { ChangePasswordSchema } from '#app/features/accounts/schema.ts'
import { jsonError, methodNotAllowed, readJsonBody, requireApiUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['PUT']

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'PUT')
}

/** PUT /api/account/password: JSON oldPassword, newPassword, confirmNewPassword; every other session of the user ends. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(context, 'PUT')
  const user = await requireApiUser(request, context)
  const change = await readJsonBody(request, context, ChangePasswordSchema)
  const outcome = await changePassword(getServices(context).db, { userId: user.id, ...change, currentSessionSecret: user.token })
  const { t } = getInstance(context)
  if (!outcome.ok) return jsonError(400, t(outcome.messageKey))
  return Response.json({ message: t('account.password.updated') })
}
