import type { Route } from './+types/api.translations'
import { jsonError } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getLanguageState, getTranslations } from '#app/server/languages.server.ts'
import { getServices } from '#app/server/services.server.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getServices(context)
  const { languages } = await getLanguageState(db)
  if (!languages.some((l) => l.code === params.languageCode)) {
    return jsonError(404, getInstance(context).t('api.languageNotFound'))
  }
  return Response.json(await getTranslations(db, params.languageCode), {
    headers: { 'Cache-Control': 'public, max-age=30' },
  })
}
