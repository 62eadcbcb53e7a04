import type { Db } from '#db/client.ts'

/** A document row as an upload leaves it, without running the upload (for status and retention tests). */
export async function insertDocument(db: Db, userId: string, overrides: { createdAt?: Date; storageKey?: string } = {}) {
  const style = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
  const batchId = `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`
  await db.insertInto('batches').values({ id: batchId, user_id: userId, reference_style_id: style.id }).execute()
  const document = await db
    .insertInto('documents')
    .values({
      user_id: userId,
      batch_id: batchId,
      reference_style_id: style.id,
      original_filename: 'paper.pdf',
      storage_key: overrides.storageKey ?? null,
      size_bytes: 1,
      upload_status: 'uploaded',
      ...(overrides.createdAt ? { created_at: overrides.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: document.id, batchId }
}
