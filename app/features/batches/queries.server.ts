import { isSettled } from '#app/lib/document-status.ts'
import type { Db } from '#db/client.ts'
import { SUMMARY_COLUMNS, toDocumentSummary } from '#app/features/documents/queries.server.ts'

export const BATCH_FILES = ['synthesis.docx', 'synthesis.md', 'evidence-matrix.xlsx', 'batch.zip'] as const
export type BatchFile = (typeof BATCH_FILES)[number]

export function isBatchFile(file: string): file is BatchFile {
  return (BATCH_FILES as readonly string[]).includes(file)
}

export interface BatchDownloads {
  synthesisDocxDownloadUrl: string | null
  synthesisMarkdownDownloadUrl: string | null
  evidenceMatrixDownloadUrl: string | null
  zipDownloadUrl: string | null
}

/**
 * One batch of one user (scoped in SQL), its documents as the documents list gives them, and the
 * batch files' URLs: null until every document of the batch is final (completed, failed or timed
 * out) and at least one completed with files still stored.
 */
export async function getBatch(db: Db, userId: string, batchId: string) {
  if (batchId.length > 100) return null
  const batch = await db
    .selectFrom('batches')
    .select(['id', 'created_at', 'submitted_at'])
    .where('id', '=', batchId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!batch) return null
  const rows = await db
    .selectFrom('documents')
    .select(SUMMARY_COLUMNS)
    .where('batch_id', '=', batchId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('original_filename')
    .execute()
  const documents = rows.map(toDocumentSummary)
  const completed = rows.filter((r) => r.upload_status === 'completed' && !r.expired_at)
  const ready = rows.length > 0 && rows.every((r) => isSettled(r.upload_status)) && completed.length > 0
  const url = (file: BatchFile) => (ready ? `/batches/${encodeURIComponent(batch.id)}/download/${file}` : null)
  const downloads: BatchDownloads = {
    synthesisDocxDownloadUrl: url('synthesis.docx'),
    synthesisMarkdownDownloadUrl: url('synthesis.md'),
    evidenceMatrixDownloadUrl: url('evidence-matrix.xlsx'),
    zipDownloadUrl: url('batch.zip'),
  }
  return {
    id: batch.id,
    createdAt: new Date(batch.created_at).toISOString(),
    submitted: Boolean(batch.submitted_at),
    ready,
    documents,
    completedIds: completed.map((r) => r.id),
    downloads,
  }
}

export type BatchDetail = NonNullable<Awaited<ReturnType<typeof getBatch>>>

/** The user's most recent batch that has documents (the dashboard links to it). */
export async function latestBatchId(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('documents').select('batch_id').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst()
  return row?.batch_id ?? null
}
