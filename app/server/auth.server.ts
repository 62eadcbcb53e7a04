import type { RouterContextProvider } from 'react-router'
import { redirect } from 'react-router'
import type { z } from 'zod'
import { safeRedirectPath } from '#app/lib/safe-redirect.ts'
import { getInstance } from './i18n.server.ts'
import { getServices } from './services.server.ts'
import {
  clearSessionCookie,
  findUserBySecret,
  getSessionUser,
  readSessionId,
  redirectToLogin,
  type SessionUser,
} from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/**
 * The signed-in user of a page, with the session's secret (to keep this session when others end).
 * Anyone else goes to /login with the page remembered; an expired or revoked session's cookie is cleared.
 */
export async function requireUser(request: Request, context: Context): Promise<SessionUser & { sessionSecret: string }> {
  const { db, config } = getServices(context)
  const secret = await readSessionId(request, config.secureCookies)
  const user = secret ? await getSessionUser(db, request, config.secureCookies) : null
  if (!user || !secret) {
    redirectToLogin(request, secret ? { 'Set-Cookie': await clearSessionCookie(config.secureCookies) } : undefined)
  }
  return { ...user, sessionSecret: secret }
}

/** Where a sign-in goes: the remembered same-site page, or /dashboard (also instead of /login itself, which would loop). */
export function afterLoginPath(redirectTo: unknown): string {
  const path = safeRedirectPath(redirectTo)
  return /^\/login(?:[/?#]|$)/.test(path) ? '/dashboard' : path
}

/** A signed-in user who opens /login goes where a sign-in would take them. */
export async function redirectIfSignedIn(request: Request, context: Context): Promise<void> {
  const { db, config } = getServices(context)
  const secret = await readSessionId(request, config.secureCookies)
  if (secret && (await findUserBySecret(db, secret, 'browser'))) {
    throw redirect(afterLoginPath(new URL(request.url).searchParams.get('redirectTo')))
  }
}

/** The JSON API's error: `{ message }` (and any extra fields) with an HTTP status. */
export function jsonError(status: number, message: string, extra?: Record<string, unknown>, headers?: Record<string, string>): Response {
  return Response.json({ message, ...extra }, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}

/** The user behind `Authorization: Bearer <token>`; a missing, unknown, expired or revoked token is a 401 with a JSON message. */
export async function requireApiUser(request: Request, context: Context): Promise<SessionUser & { token: string }> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1]
  const user = token ? await findUserBySecret(getServices(context).db, token, 'api') : null
  if (!user || !token) {
    throw jsonError(401, getInstance(context).t('api.unauthorized'), undefined, { 'WWW-Authenticate': 'Bearer' })
  }
  return { ...user, token }
}

/**
 * The JSON body, checked with a form's schema: a body that is not JSON, or fails the schema, is a 400
 * whose message joins the spec's messages (and `errors` has them per field).
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, context: Context, schema: S): Promise<z.output<S>> {
  const { t } = getInstance(context)
  let body: unknown
  try {
    body = await request.json()
  } catch {
    throw jsonError(400, t('api.invalidJson'))
  }
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const errors: Record<string, string[]> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || '_'
    ;(errors[field] ??= []).push(t(issue.message))
  }
  const message = [...new Set(Object.values(errors).flat())].join(' ')
  throw jsonError(400, message, { errors })
}

/** A JSON call with a method its path does not take. */
export function methodNotAllowed(context: Context, allowed: string): Response {
  return jsonError(405, getInstance(context).t('api.methodNotAllowed'), undefined, { Allow: allowed })
}
