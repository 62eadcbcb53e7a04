import type { TFunction } from 'i18next'
import { sql } from 'kysely'
import type { Db } from '#db/client.ts'
import { sendPasswordResetLink } from '#app/features/accounts/password-reset.server.ts'
import { recordAudit } from '#app/server/admin.server.ts'
import { queueMail } from '#app/server/mail.server.ts'
import type { Services } from '#app/server/services.server.ts'
import { newSecret } from '#app/server/tokens.server.ts'

export type AdminOutcome = { ok: true } | { ok: false; messageKey: string }

/** Who acts, from where: every admin action is written to the audit log with both. */
export interface Actor {
  id: string
  ip: string | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The acting admin, checked again in SQL by every write (an admin demoted a moment ago cannot act). */
function actorIsAdmin(actor: Actor) {
  return sql<boolean>`EXISTS (SELECT 1 FROM users WHERE id = ${actor.id} AND is_admin AND is_active)`
}

async function lockActor(trx: Db, actor: Actor): Promise<boolean> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', actor.id).where('is_admin', '=', true).where('is_active', '=', true).forShare().executeTakeFirst()
  return row !== undefined
}

/** Days an invitation stays valid: INVITATION_TTL_DAYS (1–365), 14 by default. */
export function invitationTtlDays(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number.parseInt(env.INVITATION_TTL_DAYS ?? '', 10)
  return Number.isFinite(n) && n >= 1 && n <= 365 ? n : 14
}

async function findUser(db: Db, userId: string) {
  if (!UUID.test(userId)) return undefined
  return db.selectFrom('users').select(['id', 'email', 'is_active', 'is_admin']).where('id', '=', userId).executeTakeFirst()
}

/** The public flow's reset mail, sent by an admin for an active account; audited as `password_reset_sent`. */
export async function adminSendPasswordReset(services: Services, actor: Actor, userId: string, t: TFunction): Promise<AdminOutcome> {
  const user = await findUser(services.db, userId)
  if (!user) return { ok: false, messageKey: 'admin.users.notFound' }
  if (!user.is_active) return { ok: false, messageKey: 'admin.users.resetInactive' }
  await sendPasswordResetLink(services, user.email, t)
  await recordAudit(services.db, {
    adminUserId: actor.id,
    action: 'password_reset_sent',
    resourceType: 'user',
    resourceId: user.id,
    ipAddress: actor.ip,
    details: { email: user.email },
  })
  return { ok: true }
}

/**
 * Activates or deactivates an account (a deactivated user cannot sign in, and their sessions end).
 * An admin cannot deactivate themselves. Audited as `user_updated`.
 */
export async function setUserActive(db: Db, actor: Actor, userId: string, active: boolean): Promise<AdminOutcome> {
  if (userId === actor.id && !active) return { ok: false, messageKey: 'admin.users.cannotDeactivateSelf' }
  return db.transaction().execute(async (trx) => {
    if (!(await lockActor(trx, actor))) return { ok: false, messageKey: 'api.forbidden' } as const
    const user = await trx.selectFrom('users').select(['id', 'email', 'is_active']).where('id', '=', UUID.test(userId) ? userId : '00000000-0000-0000-0000-000000000000').forUpdate().executeTakeFirst()
    if (!user) return { ok: false, messageKey: 'admin.users.notFound' } as const
    if (user.is_active !== active) {
      await trx.updateTable('users').set({ is_active: active, updated_at: new Date() }).where('id', '=', user.id).execute()
      if (!active) {
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute()
        await trx.deleteFrom('password_reset_tokens').where('user_id', '=', user.id).where('used_at', 'is', null).execute()
      }
      await recordAudit(trx, {
        adminUserId: actor.id,
        action: 'user_updated',
        resourceType: 'user',
        resourceId: user.id,
        ipAddress: actor.ip,
        details: { email: user.email, change: active ? 'activated' : 'deactivated', is_active: { from: user.is_active, to: active } },
      })
    }
    return { ok: true } as const
  })
}

/**
 * Grants or revokes admin rights. An admin cannot demote themselves, and the last admin cannot be
 * demoted: the admins are locked in the same transaction, so two demotions at once cannot both pass.
 */
export async function setUserAdmin(db: Db, actor: Actor, userId: string, admin: boolean): Promise<AdminOutcome> {
  if (userId === actor.id && !admin) return { ok: false, messageKey: 'admin.users.cannotDemoteSelf' }
  return db.transaction().execute(async (trx) => {
    if (!(await lockActor(trx, actor))) return { ok: false, messageKey: 'api.forbidden' } as const
    const admins = await trx.selectFrom('users').select('id').where('is_admin', '=', true).where('is_active', '=', true).forUpdate().execute()
    const user = await trx.selectFrom('users').select(['id', 'email', 'is_admin']).where('id', '=', UUID.test(userId) ? userId : '00000000-0000-0000-0000-000000000000').forUpdate().executeTakeFirst()
    if (!user) return { ok: false, messageKey: 'admin.users.notFound' } as const
    if (!admin && user.is_admin && admins.filter((a) => a.id !== user.id).length === 0) {
      return { ok: false, messageKey: 'admin.users.lastAdmin' } as const
    }
    if (user.is_admin !== admin) {
      await trx.updateTable('users').set({ is_admin: admin, updated_at: new Date() }).where('id', '=', user.id).execute()
      await recordAudit(trx, {
        adminUserId: actor.id,
        action: 'user_updated',
        resourceType: 'user',
        resourceId: user.id,
        ipAddress: actor.ip,
        details: { email: user.email, change: admin ? 'admin_granted' : 'admin_revoked', is_admin: { from: user.is_admin, to: admin } },
      })
    }
    return { ok: true } as const
  })
}

export type InvitationOutcome =
  | { kind: 'sent'; email: string | null; code: string }
  | { kind: 'warning'; messageKey: string; email: string }

/**
 * Creates an invitation and mails its link (`/register?code=…&email=…`). A second invitation to an
 * address that has a pending one, or an account, answers with a warning unless `forceSend`. With no
 * e-mail, an open code is created (nothing is mailed). Audited as `invitation_sent`.
 */
export async function sendInvitation(
  services: Services,
  actor: Actor,
  input: { email: string | null; forceSend: boolean },
  t: TFunction,
): Promise<InvitationOutcome> {
  const { db, config } = services
  const email = input.email ? input.email.trim().toLowerCase() : null
  if (email && !input.forceSend) {
    const account = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
    if (account) return { kind: 'warning', messageKey: 'admin.invitations.warningAccount', email }
    const pending = await db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', email)
      .where('used', '=', false)
      .where('expires_at', '>', new Date())
      .executeTakeFirst()
    if (pending) return { kind: 'warning', messageKey: 'admin.invitations.warningPending', email }
  }
  const days = invitationTtlDays()
  const code = newSecret(12)
  const expiresAt = new Date(Date.now() + days * 86_400_000)
  // Inserted only while the actor is an admin (checked in the same statement).
  const { rows } = await sql<{ id: string }>`
    INSERT INTO invitations (email, code, invited_by, expires_at)
    SELECT ${email}::citext, ${code}::text, ${actor.id}::uuid, ${expiresAt}::timestamptz WHERE ${actorIsAdmin(actor)}
    RETURNING id`.execute(db)
  const row = rows[0]
  if (!row) throw new Response('Forbidden', { status: 403 })
  if (email) {
    const link = `${config.appUrl}/register?code=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`
    await queueMail(services, {
      kind: 'invitation',
      to: email,
      subject: t('admin.invitations.mail.subject'),
      text: t('admin.invitations.mail.body', { link, days: String(days), date: expiresAt.toISOString().slice(0, 10) }),
    })
  }
  await recordAudit(db, {
    adminUserId: actor.id,
    action: 'invitation_sent',
    resourceType: 'invitation',
    resourceId: row.id,
    ipAddress: actor.ip,
    details: { email, expires_at: expiresAt.toISOString(), force_send: input.forceSend, open_code: email === null },
  })
  return { kind: 'sent', email, code }
}

/** Ends a pending invitation now (it then shows as Expired); used or expired ones are left alone. */
export async function revokeInvitation(db: Db, actor: Actor, invitationId: string): Promise<AdminOutcome> {
  if (!UUID.test(invitationId)) return { ok: false, messageKey: 'admin.invitations.notFound' }
  const row = await db
    .updateTable('invitations')
    .set({ expires_at: sql`now()` })
    .where('id', '=', invitationId)
    .where('used', '=', false)
    .where('expires_at', '>', sql<Date>`now()`)
    .where(actorIsAdmin(actor))
    .returning(['id', 'email'])
    .executeTakeFirst()
  if (!row) return { ok: false, messageKey: 'admin.invitations.notPending' }
  await recordAudit(db, {
    adminUserId: actor.id,
    action: 'invitation_revoked',
    resourceType: 'invitation',
    resourceId: row.id,
    ipAddress: actor.ip,
    details: { email: row.email },
  })
  return { ok: true }
}
