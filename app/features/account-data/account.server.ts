import { verifyPassword } from '#app/features/accounts/password.server.ts'
import { recordAudit } from '#app/server/admin.server.ts'
import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'
import { removeAllFiles } from './delete.server.ts'

export type DeleteAccountOutcome = { ok: true } | { ok: false; problem: 'wrongPassword' | 'lastAdmin' }

/**
 * Deletes an account on its owner's request, after checking the password: every stored file of
 * theirs, then the user row, which takes sessions (every session ends), documents, annotations,
 * references, batches and preferences with it (ON DELETE CASCADE). The last active admin cannot
 * delete themselves: the instance would have nobody to run it. Audited.
 */
export async function deleteAccount(
  deps: { db: Db; storage: Storage },
  userId: string,
  password: string,
  ip: string | null,
): Promise<DeleteAccountOutcome> {
  const { db } = deps
  const user = await db.selectFrom('users').select(['password_hash', 'is_admin']).where('id', '=', userId).executeTakeFirst()
  if (!user || !(await verifyPassword(user.password_hash, password))) return { ok: false, problem: 'wrongPassword' }
  if (user.is_admin) {
    const admins = await db
      .selectFrom('users')
      .select(db.fn.countAll<number>().as('n'))
      .where('is_admin', '=', true)
      .where('is_active', '=', true)
      .where('id', '!=', userId)
      .executeTakeFirstOrThrow()
    if (Number(admins.n) === 0) return { ok: false, problem: 'lastAdmin' }
  }
  const documents = await removeAllFiles(deps, userId)
  await db.transaction().execute(async (trx) => {
    // Sessions first and explicitly: no request still holding one may act after this.
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute()
    await trx.deleteFrom('users').where('id', '=', userId).execute()
    await recordAudit(trx, {
      adminUserId: null,
      action: 'user_deleted',
      resourceType: 'user',
      resourceId: userId,
      ipAddress: ip,
      details: { selfService: true, wasAdmin: user.is_admin, documents },
    })
  })
  return { ok: true }
}
