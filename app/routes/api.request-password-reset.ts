import type { Route } from './+types/api.request-password-reset'
import { requestPasswordReset } from '#app/features/accounts/password-reset.server.ts'
import { RequestResetSchema } from '#app/features/accounts/schema.ts'
import { jsonError, methodNotAllowed, readJsonBody } from '#app/server/auth.server.ts'
import { getInstance, getLocale } from '#app/server/i18n.server.ts'
import { consumeRateLimit, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { getServices, requestInfoContext } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['POST']

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

/** POST /api/request-password-reset: JSON email. The answer never says whether the account exists. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const services = getServices(context)
  const { t } = getInstance(context)
  if (await consumeRateLimit(services.db, RATE_LIMITS.resetRequestPerIp, context.get(requestInfoContext).ip)) {
    return jsonError(429, t('accounts.rateLimited'))
  }
  const { email } = await readJsonBody(request, context, RequestResetSchema)
  await requestPasswordReset(services, { email, language: getLocale(context) })
  return Response.json({ message: t('accounts.resetRequest.sent') })
}
