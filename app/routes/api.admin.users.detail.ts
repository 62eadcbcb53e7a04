import { z } from 'zod'
import type { Route } from './+types/api.admin.users.detail'
import { actorOf, adminJson } from '#app/features/admin/http.server.ts'
import { setUserActive, setUserAdmin } from '#app/features/admin/mutations.server.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError, methodNotAllowed, readJsonBody } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this call answers (server/route-targets.ts refuses the others with 405). */
export const allowedMethods = ['PUT']

const STATUS: Record<string, number> = { 'admin.users.notFound': 404, 'api.forbidden': 403 }

const UserUpdateSchema = z.object({ isActive: z.boolean().optional(), isAdmin: z.boolean().optional() })

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'PUT')
}

/** PUT /api/admin/users/{id}: {isActive?, isAdmin?}; the self and last-admin rules hold; audited as user_updated. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(context, 'PUT')
  const admin = await requireAdminApi(request, context)
  const body = await readJsonBody(request, context, UserUpdateSchema)
  const { db } = getServices(context)
  const { t } = getInstance(context)
  const actor = actorOf(admin, context)
  for (const outcome of [
    body.isActive === undefined ? null : await setUserActive(db, actor, params.id, body.isActive),
    body.isAdmin === undefined ? null : await setUserAdmin(db, actor, params.id, body.isAdmin),
  ]) {
    if (outcome && !outcome.ok) return jsonError(STATUS[outcome.messageKey] ?? 409, t(outcome.messageKey))
  }
  const user = await db.selectFrom('users').select(['id', 'email', 'is_active', 'is_admin']).where('id', '=', params.id).executeTakeFirst()
  if (!user) return jsonError(404, t('admin.users.notFound'))
  return adminJson({ message: t('admin.users.updated'), user: { id: user.id, email: user.email, isActive: user.is_active, isAdmin: user.is_admin } })
}
