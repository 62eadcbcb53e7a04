import type { PgBoss } from 'pg-boss'
import type { Db } from '#db/client.ts'
import { inTransaction } from '#jobs/boss.ts'
import { transition } from './transitions.server.ts'

const TEXT_MARKUP = ['highlight', 'underline', 'strikeout', 'squiggly']

export type RecategorizeTarget = { annotationId: string } | { color: string }

/**
 * A new category for one highlight, or for every highlight of one colour, of a completed document of
 * its owner; the document goes back to `submitted` and gets a `generate` job, in one transaction, so
 * its downloads are written again with the change. Files deleted after 90 days are not recreated.
 */
export async function recategorize(
  deps: { db: Db; boss: PgBoss },
  userId: string,
  documentId: string,
  target: RecategorizeTarget,
  categoryId: number,
): Promise<{ ok: true } | { ok: false; problem: 'notFound' | 'notCompleted' | 'expired' | 'badCategory' }> {
  const { db, boss } = deps
  const document = await db
    .selectFrom('documents')
    .select(['id', 'upload_status', 'expired_at'])
    .where('id', '=', documentId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!document) return { ok: false, problem: 'notFound' }
  if (document.expired_at) return { ok: false, problem: 'expired' }
  if (document.upload_status !== 'completed') return { ok: false, problem: 'notCompleted' }
  const category = Number.isInteger(categoryId)
    ? await db.selectFrom('color_categories').select('id').where('id', '=', categoryId).executeTakeFirst()
    : undefined
  if (!category) return { ok: false, problem: 'badCategory' }
  const done = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('annotations')
      .set({ category_id: category.id })
      .where('document_id', '=', document.id)
      .where('type', 'in', TEXT_MARKUP)
      .$if('annotationId' in target, (q) => q.where('id', '=', (target as { annotationId: string }).annotationId))
      .$if('color' in target, (q) => q.where('color', '=', (target as { color: string }).color))
      .returning('id')
      .execute()
    if (updated.length === 0) return false
    if (!(await transition(trx, document.id, 'submitted'))) return false
    await boss.send('generate', { documentId: document.id }, { db: inTransaction(trx), singletonKey: document.id })
    return true
  })
  return done ? { ok: true } : { ok: false, problem: 'notFound' }
}
