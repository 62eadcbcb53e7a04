import type { Route } from './+types/api.admin.languages.detail'
import { deleteLanguage, updateLanguage } from '#app/features/translations/mutations.server.ts'
import { UpdateLanguageSchema } from '#app/features/translations/schema.ts'
import { requestIp, requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError, methodNotAllowed, readJsonBody } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this call answers (server/route-targets.ts refuses the others with 405). */
export const allowedMethods = ['PUT', 'DELETE']

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'PUT, DELETE')
}

/** PUT /api/admin/languages/{code}: JSON code, name, is_active, is_default. DELETE removes it with its translations. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') return methodNotAllowed(context, 'PUT, DELETE')
  const admin = await requireAdminApi(request, context)
  const { db } = getServices(context)
  const { t } = getInstance(context)
  const actor = { adminUserId: admin.id, ipAddress: requestIp(context) }
  if (request.method === 'DELETE') {
    const outcome = await deleteLanguage(db, params.code, actor)
    if (!outcome.ok) return jsonError(outcome.status, t(outcome.key))
    return Response.json({ message: t('adminTranslations.message.deleted') }, { headers: { 'Cache-Control': 'no-store' } })
  }
  const input = await readJsonBody(request, context, UpdateLanguageSchema)
  const outcome = await updateLanguage(db, params.code, input, actor)
  if (!outcome.ok) return jsonError(outcome.status, t(outcome.key))
  return Response.json({ message: t('adminTranslations.message.updated') }, { headers: { 'Cache-Control': 'no-store' } })
}
