import type { Route } from './+types/api.subscribe-updates'
import { subscribeToUpdates } from '#app/features/subscribers/mutations.server.ts'
import { SubscribeSchema } from '#app/features/subscribers/schema.ts'
import { jsonError, methodNotAllowed, readJsonBody } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { consumeRateLimit, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { getServices, requestInfoContext } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['POST']

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

/** POST /api/subscribe-updates: JSON firstName, email, marketingConsent. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const { db } = getServices(context)
  const { t } = getInstance(context)
  if (await consumeRateLimit(db, RATE_LIMITS.subscribePerIp, context.get(requestInfoContext).ip)) {
    return jsonError(429, t('accounts.rateLimited'))
  }
  const subscription = await readJsonBody(request, context, SubscribeSchema)
  await subscribeToUpdates(db, subscription)
  return Response.json({ message: t('subscribe.success') }, { status: 201 })
}
