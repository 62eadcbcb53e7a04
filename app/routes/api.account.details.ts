import type { Route } from './+types/api.account.details'
import { updateProfile } from '#app/features/accounts/mutations.server.ts'
import { getAccountDetails } from '#app/features/accounts/queries.server.ts'
import { ProfileSchema } from '#app/features/accounts/schema.ts'
import { methodNotAllowed, readJsonBody, requireApiUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['GET', 'HEAD', 'PUT']

/** GET /api/account/details: firstName, lastName, title, organization, researchField, email, isAdmin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const details = await getAccountDetails(getServices(context).db, user.id)
  return Response.json(details, { headers: { 'Cache-Control': 'no-store' } })
}

/** PUT /api/account/details: JSON title, firstName, lastName, organization, researchField. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(context, 'GET, PUT')
  const user = await requireApiUser(request, context)
  const profile = await readJsonBody(request, context, ProfileSchema)
  await updateProfile(getServices(context).db, user.id, profile)
  return Response.json({ message: getInstance(context).t('account.profile.updated') })
}
