import type { Route } from './+types/api.login'
import { attemptLogin } from '#app/features/accounts/login.server.ts'
import { signIn } from '#app/features/accounts/mutations.server.ts'
import { LoginSchema } from '#app/features/accounts/schema.ts'
import { jsonError, methodNotAllowed, readJsonBody } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices, requestInfoContext } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['POST']

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

/** POST /api/login: JSON email, password → token (a bearer token for the other calls) and user_id. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const credentials = await readJsonBody(request, context, LoginSchema)
  const { db, config } = getServices(context)
  const { ip } = context.get(requestInfoContext)
  const outcome = await attemptLogin(db, { ...credentials, ip })
  if (!outcome.ok) {
    const retryAfter = outcome.retryAfterSeconds ? { 'Retry-After': String(outcome.retryAfterSeconds) } : undefined
    return jsonError(outcome.rateLimited ? 429 : 401, getInstance(context).t(outcome.messageKey), undefined, retryAfter)
  }
  const token = await signIn(db, {
    userId: outcome.value.userId,
    kind: 'api',
    ttlDays: config.sessionTtlDays,
    ip,
    userAgent: request.headers.get('User-Agent'),
  })
  return Response.json({ token, user_id: outcome.value.userId }, { headers: { 'Cache-Control': 'no-store' } })
}
