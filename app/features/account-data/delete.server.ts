import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'

const FILE_COLUMNS = ['storage_key', 'txt_key', 'docx_key', 'references_key', 'md_key', 'bib_key', 'ris_key', 'csv_key'] as const
const NO_FILE = new Set(['no_notes', 'no_references'])

/** Removes every stored file of some documents: the uploaded PDF, the generated files, anything under their folder. */
async function removeFiles(db: Db, storage: Storage, documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return
  const rows = await db.selectFrom('documents').select(['id', ...FILE_COLUMNS]).where('id', 'in', documentIds).execute()
  for (const row of rows) {
    for (const column of FILE_COLUMNS) {
      const key = row[column]
      if (key && !NO_FILE.has(key)) await storage.delete(key)
    }
    for await (const object of storage.list(`documents/${row.id}/`)) await storage.delete(object.key)
  }
}

/**
 * Deletes documents of one user (scoped in SQL): their stored PDF and generated files, then the rows,
 * whose annotations, references and status history go with them (ON DELETE CASCADE). A batch left
 * without documents goes too. Answers the ids deleted; none when nothing of this user matched.
 */
export async function deleteDocuments(deps: { db: Db; storage: Storage }, userId: string, scope: { documentId: string } | { batchId: string }): Promise<string[]> {
  const { db, storage } = deps
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'batch_id'])
    .where('user_id', '=', userId)
    .$if('documentId' in scope, (q) => q.where('id', '=', (scope as { documentId: string }).documentId))
    .$if('batchId' in scope, (q) => q.where('batch_id', '=', (scope as { batchId: string }).batchId))
    .execute()
  if (documents.length === 0 && !('batchId' in scope)) return []
  const ids = documents.map((d) => d.id)
  await removeFiles(db, storage, ids)
  const batchIds = 'batchId' in scope ? [scope.batchId] : [...new Set(documents.map((d) => d.batch_id))]
  await db.transaction().execute(async (trx) => {
    if (ids.length > 0) await trx.deleteFrom('documents').where('id', 'in', ids).where('user_id', '=', userId).execute()
    for (const batchId of batchIds) {
      const left = await trx.selectFrom('documents').select('id').where('batch_id', '=', batchId).limit(1).executeTakeFirst()
      if (!left) await trx.deleteFrom('batches').where('id', '=', batchId).where('user_id', '=', userId).execute()
    }
  })
  return ids
}

/** Every document's files of one user (before the account row goes, taking the rows with it). */
export async function removeAllFiles(deps: { db: Db; storage: Storage }, userId: string): Promise<number> {
  const rows = await deps.db.selectFrom('documents').select('id').where('user_id', '=', userId).execute()
  await removeFiles(deps.db, deps.storage, rows.map((r) => r.id))
  return rows.length
}
