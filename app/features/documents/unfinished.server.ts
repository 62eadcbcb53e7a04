import { isReadyForCategorization, isSettled, SETTLED_STATUSES } from '#app/lib/document-status.ts'
import type { Db } from '#db/client.ts'

export interface UnfinishedBatch {
  id: string
  createdAt: string
  /** Every document has reached categorization or stopped for good: the colour section is open. */
  ready: boolean
  files: string[]
}

/**
 * The owner's batches that still wait for something of the researcher: not yet categorized, with at
 * least one document that has not stopped for good (ready for categorization or still being read).
 * Newest first. A batch whose every document failed is finished: there is nothing to categorize.
 */
export async function unfinishedBatches(db: Db, userId: string): Promise<UnfinishedBatch[]> {
  const rows = await db
    .selectFrom('batches')
    .innerJoin('documents', (join) => join.onRef('documents.batch_id', '=', 'batches.id').onRef('documents.user_id', '=', 'batches.user_id'))
    .select(['batches.id', 'batches.created_at', 'documents.original_filename', 'documents.upload_status'])
    .where('batches.user_id', '=', userId)
    .where('batches.submitted_at', 'is', null)
    // Batches whose documents have all stopped are left out here, not after reading every one of
    // their documents: such batches are never submitted, so they pile up over the years.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('documents as open')
          .select('open.id')
          .whereRef('open.batch_id', '=', 'batches.id')
          .whereRef('open.user_id', '=', 'batches.user_id')
          .where('open.upload_status', 'not in', [...SETTLED_STATUSES]),
      ),
    )
    .orderBy('batches.created_at', 'desc')
    .orderBy('batches.id')
    .orderBy('documents.created_at')
    .orderBy('documents.original_filename')
    .execute()
  const byBatch = new Map<string, { createdAt: string; documents: { name: string; status: string }[] }>()
  for (const row of rows) {
    const entry = byBatch.get(row.id) ?? { createdAt: new Date(row.created_at).toISOString(), documents: [] }
    entry.documents.push({ name: row.original_filename, status: row.upload_status })
    byBatch.set(row.id, entry)
  }
  const batches: UnfinishedBatch[] = []
  for (const [id, { createdAt, documents }] of byBatch) {
    const ready = documents.some((d) => isReadyForCategorization(d.status)) && documents.every((d) => isReadyForCategorization(d.status) || isSettled(d.status))
    batches.push({ id, createdAt, ready, files: documents.map((d) => d.name) })
  }
  return batches
}

/**
 * For each of the owner's documents waiting for categorization in an unsubmitted batch: its batch
 * id. Only documents whose status says they wait are looked up; when none does (most pages), no
 * query runs.
 */
export async function awaitingCategorization(db: Db, userId: string, documents: { id: string; uploadStatus: string }[]): Promise<Record<string, string>> {
  const documentIds = documents.filter((d) => isReadyForCategorization(d.uploadStatus)).map((d) => d.id)
  if (documentIds.length === 0) return {}
  const rows = await db
    .selectFrom('documents')
    .innerJoin('batches', (join) => join.onRef('batches.id', '=', 'documents.batch_id').onRef('batches.user_id', '=', 'documents.user_id'))
    .select(['documents.id', 'documents.batch_id'])
    .where('documents.user_id', '=', userId)
    .where('documents.id', 'in', documentIds)
    .where('documents.upload_status', '=', 'raw_annotations_inserted')
    .where('batches.submitted_at', 'is', null)
    .execute()
  return Object.fromEntries(rows.map((r) => [r.id, r.batch_id]))
}
