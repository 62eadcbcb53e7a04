import type { Route } from './+types/api.register'
import { registerAccount } from '#app/features/accounts/registration.server.ts'
import { RegisterSchema } from '#app/features/accounts/schema.ts'
import { jsonError, methodNotAllowed, readJsonBody } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { consumeRateLimit, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { getServices, requestInfoContext } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['POST']

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

/** POST /api/register: JSON email, password, invitation_code, title, first_name, last_name, organization, research_field. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const services = getServices(context)
  const { t } = getInstance(context)
  if (await consumeRateLimit(services.db, RATE_LIMITS.registerPerIp, context.get(requestInfoContext).ip)) {
    return jsonError(429, t('accounts.rateLimited'))
  }
  const registration = await readJsonBody(request, context, RegisterSchema)
  // An e-mail that already has an account answers like a new one (its owner gets a mail instead).
  const outcome = await registerAccount(services, registration, t)
  if (!outcome.ok) return jsonError(400, t(outcome.messageKey))
  return Response.json({ message: t('accounts.register.success') }, { status: 201 })
}
