import { hashPassword } from '#app/features/accounts/password.server.ts'
import { commitSessionCookie, createSession } from '#app/server/session.server.ts'
import type { Db } from '#db/client.ts'

/** A ready account, inserted directly (the accounts tests cover registration itself). */
export async function createUser(db: Db, overrides: { email?: string; password?: string; isAdmin?: boolean } = {}) {
  const password = overrides.password ?? 'Test!Passw0rd'
  const email = overrides.email ?? `user-${Math.random().toString(36).slice(2, 10)}@example.org`
  const user = await db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(password),
      first_name: 'Ada',
      last_name: 'Lovelace',
      organization: 'Analytical Society',
      is_admin: overrides.isAdmin ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: user.id, email, password }
}

/** The `Cookie` header of a new browser session of the user, as the browser sends it after signing in. */
export async function browserSessionCookie(db: Db, userId: string): Promise<string> {
  const secret = await createSession(db, { userId, kind: 'browser', ttlDays: 1 })
  return (await commitSessionCookie(secret, 1, false)).split(';')[0]
}
