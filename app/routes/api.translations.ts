import type { Route } from './+types/api.translations'
import { keysInNamespaces } from '#app/lib/text-namespaces.ts'
import { jsonError } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getLanguageState, getTranslations } from '#app/server/languages.server.ts'
import { getServices } from '#app/server/services.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = getServices(context)
  const { languages } = await getLanguageState(db)
  if (!languages.some((l) => l.code === params.languageCode)) {
    return jsonError(404, getInstance(context).t('api.languageNotFound'))
  }
  const texts = await getTranslations(db, params.languageCode)
  // `?ns=nav,footer`: only those namespaces (a key's first segment), as the browser loads them per page.
  const ns = new URL(request.url).searchParams.get('ns')
  return Response.json(ns === null ? texts : keysInNamespaces(texts, new Set(ns.split(','))), {
    headers: { 'Cache-Control': 'public, max-age=30' },
  })
}
