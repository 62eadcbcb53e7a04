import type { Transaction } from 'kysely'
import type { Database } from '#db/schema.ts'
import type { Db } from '#db/client.ts'
import { createSession } from '#app/server/session.server.ts'
import { hashSecret, newSecret } from '#app/server/tokens.server.ts'
import { hashPassword, verifyPassword } from './password.server.ts'
import type { Profile, Registration } from './schema.ts'

/** A failure the user should read: an i18n key of the spec's (or our) wording. */
export type Outcome<T = undefined> = { ok: true; value: T } | { ok: false; messageKey: string }

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })
const fail = (messageKey: string): Outcome<never> => ({ ok: false, messageKey })

// Verified when the e-mail is unknown, so a wrong address costs as long as a wrong password.
let unknownUserHash: Promise<string> | undefined

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

/** Checks an e-mail and password; a deactivated account cannot sign in. */
export async function authenticate(db: Db, email: string, password: string): Promise<Outcome<{ userId: string }>> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst()
  const valid = await verifyPassword(user?.password_hash ?? (await (unknownUserHash ??= hashPassword(newSecret()))), password)
  if (!user || !valid) return fail('accounts.login.invalid')
  if (!user.is_active) return fail('accounts.login.inactive')
  return ok({ userId: user.id })
}

/** A new session (a new random id every time) and the last-login time; returns the secret for the cookie or token. */
export async function signIn(
  db: Db,
  options: { userId: string; kind: 'browser' | 'api'; ttlDays: number; ip?: string; userAgent?: string | null },
): Promise<string> {
  const secret = await createSession(db, options)
  await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', options.userId).execute()
  // Expired sessions are useless; each sign-in sweeps the user's own.
  await db.deleteFrom('sessions').where('user_id', '=', options.userId).where('expires_at', '<=', new Date()).execute()
  return secret
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}

/** What a registration did: created the account, or found the e-mail already registered (the answer is the same). */
export interface Registered {
  created: boolean
  userId: string
  email: string
  firstName: string
}

/**
 * Creates the account an invitation allows and marks the invitation used, in one transaction. The
 * invitation must exist, be unused and unexpired, and name this e-mail when it names one; an
 * invitation that grants admin rights (the first admin's) makes an admin.
 *
 * An e-mail that already has an account is not an error the visitor sees: the invitation is spent
 * just the same and the result says `created: false`, so the caller answers as for a new account
 * and mails the owner instead. Telling "already registered" would let any invitation holder test
 * which addresses have accounts.
 */
export async function registerUser(
  db: Db,
  registration: Registration,
  /** Runs in the registration's transaction once the outcome is known (e.g. to queue a mail). */
  onRegistered?: (trx: Transaction<Database>, registered: Registered) => Promise<void>,
): Promise<Outcome<Registered>> {
  const passwordHash = await hashPassword(registration.password)
  try {
    return await db.transaction().execute(async (trx) => {
      const invitation = await trx
        .selectFrom('invitations')
        .select(['id', 'email', 'used', 'expires_at', 'grants_admin'])
        .where('code', '=', registration.invitation_code)
        .forUpdate()
        .executeTakeFirst()
      if (!invitation) return fail('accounts.register.invalidCode')
      if (invitation.used) return fail('accounts.register.codeUsed')
      if (invitation.expires_at.getTime() <= Date.now()) return fail('accounts.register.codeExpired')
      if (invitation.email && invitation.email.toLowerCase() !== registration.email.toLowerCase()) {
        return fail('accounts.register.codeEmailMismatch')
      }
      const existing = await trx
        .selectFrom('users')
        .select(['id', 'email', 'first_name'])
        .where('email', '=', registration.email)
        .executeTakeFirst()
      const user =
        existing ??
        (await trx
          .insertInto('users')
          .values({
            email: registration.email.toLowerCase(),
            password_hash: passwordHash,
            title: registration.title ?? null,
            first_name: registration.first_name,
            last_name: registration.last_name,
            organization: registration.organization || null,
            research_field: registration.research_field ?? null,
            is_admin: invitation.grants_admin,
          })
          .returning(['id', 'email', 'first_name'])
          .executeTakeFirstOrThrow())
      await trx
        .updateTable('invitations')
        .set({ used: true, used_by: existing ? null : user.id, used_at: new Date() })
        .where('id', '=', invitation.id)
        .execute()
      const registered = { created: !existing, userId: user.id, email: user.email, firstName: user.first_name }
      await onRegistered?.(trx, registered)
      return ok(registered)
    })
  } catch (error) {
    // Two registrations of one e-mail at the same moment: the second meets the unique index, and
    // answers like any registration of a known e-mail.
    if (!isUniqueViolation(error)) throw error
    const user = await db.selectFrom('users').select(['id', 'email', 'first_name']).where('email', '=', registration.email).executeTakeFirstOrThrow()
    const registered = { created: false, userId: user.id, email: user.email, firstName: user.first_name }
    await db.transaction().execute((trx) => onRegistered?.(trx, registered) ?? Promise.resolve())
    return ok(registered)
  }
}

async function setPassword(trx: Db, userId: string, password: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), updated_at: new Date() })
    .where('id', '=', userId)
    .execute()
}

/** Uses a reset token once: sets the password, spends every open token of the user and ends all their sessions. */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('password_reset_tokens')
      .select(['user_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', hashSecret(token))
      .forUpdate()
      .executeTakeFirst()
    if (!row) return fail('accounts.reset.missingToken')
    if (row.used_at) return fail('accounts.reset.tokenUsed')
    if (row.expires_at.getTime() <= Date.now()) return fail('accounts.reset.tokenExpired')
    await setPassword(trx, row.user_id, newPassword)
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute()
    await trx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute()
    return ok(undefined)
  })
}

export async function updateProfile(db: Db, userId: string, profile: Profile): Promise<void> {
  await db
    .updateTable('users')
    .set({
      title: profile.title ?? null,
      first_name: profile.firstName,
      last_name: profile.lastName,
      organization: profile.organization,
      research_field: profile.researchField ?? null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute()
}

/** Changes the password after checking the old one, and ends every other session of the user (the current one stays). */
export async function changePassword(
  db: Db,
  options: { userId: string; oldPassword: string; newPassword: string; currentSessionSecret: string },
): Promise<Outcome> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', options.userId).executeTakeFirstOrThrow()
  if (!(await verifyPassword(user.password_hash, options.oldPassword))) return fail('accounts.password.oldIncorrect')
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, options.userId, options.newPassword)
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', options.userId)
      .where('id_hash', '!=', hashSecret(options.currentSessionSecret))
      .execute()
  })
  return ok(undefined)
}
