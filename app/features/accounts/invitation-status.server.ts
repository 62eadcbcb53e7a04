import type { Db } from '#db/client.ts'

/**
 * Why an invitation code cannot be used (the registration's own i18n key), or null while it can: the
 * page says so when it opens, before anyone fills the form. The same checks, in the same order, as
 * the registration itself.
 */
export async function invitationProblem(db: Db, code: string): Promise<string | null> {
  const invitation = await db.selectFrom('invitations').select(['used', 'expires_at']).where('code', '=', code).executeTakeFirst()
  if (!invitation) return 'accounts.register.invalidCode'
  if (invitation.used) return 'accounts.register.codeUsed'
  if (new Date(invitation.expires_at).getTime() <= Date.now()) return 'accounts.register.codeExpired'
  return null
}
