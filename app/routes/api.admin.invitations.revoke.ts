import type { Route } from './+types/api.admin.invitations.revoke'
import { actorOf, adminJson } from '#app/features/admin/http.server.ts'
import { revokeInvitation } from '#app/features/admin/mutations.server.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError, methodNotAllowed } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

/** POST /api/admin/invitations/{id}/revoke: ends a pending invitation now; audited as invitation_revoked. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const admin = await requireAdminApi(request, context)
  const { t } = getInstance(context)
  const outcome = await revokeInvitation(getServices(context).db, actorOf(admin, context), params.id)
  if (!outcome.ok) return jsonError(outcome.messageKey === 'admin.invitations.notFound' ? 404 : 409, t(outcome.messageKey))
  return adminJson({ message: t('admin.invitations.revoked') })
}
