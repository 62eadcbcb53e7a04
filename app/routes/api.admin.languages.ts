import type { Route } from './+types/api.admin.languages'
import { addLanguage } from '#app/features/translations/mutations.server.ts'
import { listLanguages } from '#app/features/translations/queries.server.ts'
import { AddLanguageSchema } from '#app/features/translations/schema.ts'
import { requestIp, requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError, methodNotAllowed, readJsonBody } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** GET /api/admin/languages: every language, active or not: code, name, is_active, is_default. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, context)
  return Response.json(await listLanguages(getServices(context).db), { headers: { 'Cache-Control': 'no-store' } })
}

/** POST /api/admin/languages: JSON language_code, language_name, is_default, is_active. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'GET, POST')
  const admin = await requireAdminApi(request, context)
  const input = await readJsonBody(request, context, AddLanguageSchema)
  const { t } = getInstance(context)
  const outcome = await addLanguage(
    getServices(context).db,
    { ...input, is_default: input.is_default ?? false, is_active: input.is_active ?? true },
    { adminUserId: admin.id, ipAddress: requestIp(context) },
  )
  if (!outcome.ok) return jsonError(outcome.status, t(outcome.key))
  return Response.json({ message: t('adminTranslations.message.added') }, { status: 201, headers: { 'Cache-Control': 'no-store' } })
}
