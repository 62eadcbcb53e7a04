import type { Route } from './+types/api.admin.users.send-password-reset'
import { actorOf, adminJson } from '#app/features/admin/http.server.ts'
import { adminSendPasswordReset } from '#app/features/admin/mutations.server.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError, methodNotAllowed } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

/** POST /api/admin/users/{id}/send-password-reset: no body; the public flow's reset mail, audited. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const admin = await requireAdminApi(request, context)
  const { t } = getInstance(context)
  const outcome = await adminSendPasswordReset(getServices(context), actorOf(admin, context), params.id, t)
  if (!outcome.ok) return jsonError(outcome.messageKey === 'admin.users.notFound' ? 404 : 400, t(outcome.messageKey))
  return adminJson({ message: t('admin.users.resetSent') })
}
