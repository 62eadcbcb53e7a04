import type { Db } from '#db/client.ts'
import { hashSecret } from '#app/server/tokens.server.ts'

/** The spec's account details, as GET /api/account/details answers and the account page shows. */
export interface AccountDetails {
  firstName: string
  lastName: string
  title: string | null
  organization: string | null
  researchField: string | null
  email: string
  isAdmin: boolean
}

export async function getAccountDetails(db: Db, userId: string): Promise<AccountDetails | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'title', 'organization', 'research_field', 'email', 'is_admin'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    organization: row.organization,
    researchField: row.research_field,
    email: row.email,
    isAdmin: row.is_admin,
  }
}

/** The e-mail an open invitation is bound to, to prefill the sign-up form with it. */
export async function findInvitationEmail(db: Db, code: string): Promise<string | null> {
  const row = await db
    .selectFrom('invitations')
    .select('email')
    .where('code', '=', code)
    .where('used', '=', false)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
  return row?.email ?? null
}

/** Why a reset link can no longer be used (an i18n key), or null while it can: the page says so before anyone types. */
export async function resetTokenProblem(db: Db, token: string): Promise<string | null> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select(['expires_at', 'used_at'])
    .where('token_hash', '=', hashSecret(token))
    .executeTakeFirst()
  if (!row) return 'accounts.reset.missingToken'
  if (row.used_at) return 'accounts.reset.tokenUsed'
  if (row.expires_at.getTime() <= Date.now()) return 'accounts.reset.tokenExpired'
  return null
}
