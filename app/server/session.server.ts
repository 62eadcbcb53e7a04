import { createCookie, redirect } from 'react-router'
import type { Db } from '#db/client.ts'
import { sessionCacheOf, sessionKey } from './session-cache.server.ts'
import { hashSecret, newSecret } from './tokens.server.ts'

export const SESSION_COOKIE = '__session'

export interface SessionUser {
  id: string
  email: string
  firstName: string
  lastName: string
  title: string | null
  organization: string | null
  researchField: string | null
  isAdmin: boolean
}

const cookies = new Map<boolean, ReturnType<typeof createCookie>>()

function sessionCookie(secure: boolean) {
  let cookie = cookies.get(secure)
  if (!cookie) {
    cookie = createCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure })
    cookies.set(secure, cookie)
  }
  return cookie
}

/** The raw session id from the cookie, if any. */
export async function readSessionId(request: Request, secure: boolean): Promise<string | null> {
  const value = await sessionCookie(secure).parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * The signed-in user behind a session id (cookie) or bearer token; checks expiry and that the
 * account is active. A web process answers from its session cache when it can (session-cache.server.ts).
 */
export async function findUserBySecret(db: Db, secret: string, kind: 'browser' | 'api'): Promise<SessionUser | null> {
  const idHash = hashSecret(secret)
  const key = sessionKey(kind, idHash)
  const cache = sessionCacheOf<SessionUser>(db)
  const cached = cache?.get(key)
  if (cached) return cached
  const generation = cache?.generation ?? 0
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.title',
      'users.organization',
      'users.research_field',
      'users.is_admin',
      'sessions.expires_at',
    ])
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.kind', '=', kind)
    .where('sessions.expires_at', '>', new Date())
    .where('users.is_active', '=', true)
    .executeTakeFirst()
  if (!row) return null
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    organization: row.organization,
    researchField: row.research_field,
    isAdmin: row.is_admin,
  }
  cache?.remember(key, user, row.expires_at, generation)
  return user
}

/** One look-up per request: the root loader and the page's own loader both ask for the user. */
const usersByRequest = new WeakMap<Request, Promise<SessionUser | null>>()

export function getSessionUser(db: Db, request: Request, secure: boolean): Promise<SessionUser | null> {
  let user = usersByRequest.get(request)
  if (!user) {
    user = readSessionId(request, secure).then((id) => (id ? findUserBySecret(db, id, 'browser') : null))
    usersByRequest.set(request, user)
  }
  return user
}

/** A new random session id for every sign-in; only its hash is stored. */
export async function createSession(
  db: Db,
  options: { userId: string; kind: 'browser' | 'api'; ttlDays: number; ip?: string; userAgent?: string | null },
): Promise<string> {
  const secret = newSecret()
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSecret(secret),
      user_id: options.userId,
      kind: options.kind,
      expires_at: new Date(Date.now() + options.ttlDays * 86_400_000),
      ip_address: options.ip ?? null,
      user_agent: options.userAgent?.slice(0, 300) ?? null,
    })
    .execute()
  return secret
}

export async function commitSessionCookie(secret: string, ttlDays: number, secure: boolean): Promise<string> {
  return sessionCookie(secure).serialize(secret, { maxAge: ttlDays * 86_400 })
}

export async function clearSessionCookie(secure: boolean): Promise<string> {
  return sessionCookie(secure).serialize('', { maxAge: 0 })
}

export async function destroySession(db: Db, secret: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashSecret(secret)).execute()
}

/** Only a same-site path is followed after sign-in (the one helper, in app/lib). */
export { safeRedirectPath } from '#app/lib/safe-redirect.ts'

/** Signed-out visitors of a protected page go to /login, remembering where they were. */
export function redirectToLogin(request: Request, headers?: HeadersInit): never {
  const url = new URL(request.url)
  const redirectTo = `${url.pathname}${url.search}`
  throw redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, { headers })
}
