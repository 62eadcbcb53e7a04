import type { Db } from '#db/client.ts'
import type { Config } from '#app/server/config.server.ts'
import type { Logger } from '#app/server/logger.server.ts'
import { newSecret } from '#app/server/tokens.server.ts'
import { hashPassword } from './password.server.ts'

const FIRST_ADMIN_INVITATION_DAYS = 7

/**
 * At start-up: ADMIN_EMAIL + ADMIN_PASSWORD create or update that admin (for automation); and while
 * no admin exists, a one-time invitation that registers an admin is printed (the same one each
 * start until it is used or expires).
 */
export async function bootstrapAdmin(db: Db, config: Config, logger: Logger): Promise<{ invitationUrl?: string }> {
  if (config.adminEmail && config.adminPassword) {
    const passwordHash = await hashPassword(config.adminPassword)
    await db
      .insertInto('users')
      .values({ email: config.adminEmail, password_hash: passwordHash, first_name: 'Admin', last_name: '', is_admin: true })
      .onConflict((oc) => oc.column('email').doUpdateSet({ password_hash: passwordHash, is_admin: true, is_active: true }))
      .execute()
    logger.info({ email: config.adminEmail }, 'admin account from ADMIN_EMAIL is ready')
  }

  const admin = await db.selectFrom('users').select('id').where('is_admin', '=', true).executeTakeFirst()
  if (admin) return {}

  const pending = await db
    .selectFrom('invitations')
    .select('code')
    .where('grants_admin', '=', true)
    .where('used', '=', false)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
  const code =
    pending?.code ??
    (
      await db
        .insertInto('invitations')
        .values({
          code: newSecret(18),
          grants_admin: true,
          expires_at: new Date(Date.now() + FIRST_ADMIN_INVITATION_DAYS * 86_400_000),
        })
        .returning('code')
        .executeTakeFirstOrThrow()
    ).code
  const invitationUrl = `${config.appUrl}/register?code=${encodeURIComponent(code)}`
  logger.warn({ invitationUrl }, 'no admin exists yet: open this one-time link to register the first admin')
  return { invitationUrl }
}
