import type { Route } from './+types/api.languages'
import { getLanguageState } from '#app/server/languages.server.ts'
import { getServices } from '#app/server/services.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { languages } = await getLanguageState(getServices(context).db)
  return Response.json(
    languages.map((l) => ({ code: l.code, name: l.name, is_default: l.is_default })),
    { headers: { 'Cache-Control': 'public, max-age=30' } },
  )
}
