import type { Route } from './+types/api.openapi'
import { apiDescription } from '#app/features/api-docs/description.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The description the /api page is rendered from, in the requester's language (hence Vary: Cookie). */
export async function loader({ context }: Route.LoaderArgs) {
  const document = apiDescription(getInstance(context), getServices(context).config.appUrl)
  return Response.json(document, { headers: { 'Cache-Control': 'public, max-age=300', Vary: 'Cookie' } })
}
