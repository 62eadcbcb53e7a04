import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { getServices } from '#app/server/services.server.ts'
import { clearSessionCookie, destroySession, readSessionId } from '#app/server/session.server.ts'

export async function loader() {
  return redirect('/')
}

/** Logout is a POST: the session row is deleted and the cookie cleared, then /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = getServices(context)
  const secret = await readSessionId(request, config.secureCookies)
  if (secret) await destroySession(db, secret)
  return redirect('/login', { headers: { 'Set-Cookie': await clearSessionCookie(config.secureCookies) } })
}
