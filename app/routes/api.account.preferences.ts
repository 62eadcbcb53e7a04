import type { Route } from './+types/api.account.preferences'
import { savePreferences } from '#app/features/preferences/mutations.server.ts'
import { getPreferences } from '#app/features/preferences/queries.server.ts'
import { PreferencesSchema } from '#app/features/preferences/schema.ts'
import { jsonError, methodNotAllowed, readJsonBody, requireApiUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['GET', 'HEAD', 'PUT']

/** GET /api/account/preferences: the default reference style, the colour preferences in hue order, and the choices. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const preferences = await getPreferences(getServices(context).db, user.id)
  return Response.json(preferences, { headers: { 'Cache-Control': 'no-store' } })
}

/** PUT /api/account/preferences: JSON defaultReferenceLanguageId, preferredColorsCategorization (hex, category_id, category_name). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(context, 'GET, PUT')
  const user = await requireApiUser(request, context)
  const preferences = await readJsonBody(request, context, PreferencesSchema)
  const outcome = await savePreferences(getServices(context).db, user.id, preferences)
  const { t } = getInstance(context)
  if (!outcome.ok) return jsonError(400, t(outcome.messageKey))
  return Response.json({ message: t('account.preferences.updated') })
}
