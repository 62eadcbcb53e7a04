import { sql, type Transaction } from 'kysely'
import type { DocumentStatus } from '#app/lib/document-status.ts'
import type { Db } from '#db/client.ts'
import type { Database } from '#db/schema.ts'

export const STATUS_CHANNEL = 'document_status'

const EXTRACT_STEPS: DocumentStatus[] = [
  'uploaded',
  'processing_apa',
  'apa_extracted',
  'processing_colors',
  'colors_extracted',
  'processing_annotations',
]

/**
 * Which statuses each status may be reached from. The extract job may start over from any of its
 * own steps (a retry after a crash); the generate job likewise from its own.
 */
const ALLOWED_FROM: Record<DocumentStatus, DocumentStatus[]> = {
  uploading: [],
  uploaded: [],
  processing_apa: [...EXTRACT_STEPS, 'ps1_timeout', 'make1_timeout'],
  apa_extracted: ['processing_apa'],
  processing_colors: ['apa_extracted'],
  colors_extracted: ['processing_colors'],
  processing_annotations: ['colors_extracted'],
  raw_annotations_inserted: ['processing_annotations'],
  categorization_submitted_pending_ps2: ['raw_annotations_inserted'],
  // A completed document goes back to `submitted` when its owner changes a highlight's category (its downloads are regenerated).
  submitted: ['categorization_submitted_pending_ps2', 'completed'],
  processing_downloads: ['submitted', 'processing_downloads', 'ps2_timeout'],
  completed: ['processing_downloads'],
  failed: [...EXTRACT_STEPS, 'submitted', 'processing_downloads', 'categorization_submitted_pending_ps2'],
  error: [],
  ps1_timeout: ['uploaded', 'processing_apa', 'apa_extracted', 'processing_colors', 'colors_extracted'],
  make1_timeout: ['processing_annotations'],
  ps2_timeout: ['submitted', 'processing_downloads'],
}

export interface StatusChange {
  /** The history row's id: the event id of the status stream, so a client can resume after it. */
  eventId: number
  documentId: string
  userId: string
  batchId: string
  from: string
  to: DocumentStatus
  message: string | null
}

type Executor = Db | Transaction<Database>

/**
 * Moves one document to `to` if, and only if, it is in an allowed predecessor status: one guarded
 * UPDATE, a history row and a NOTIFY, all in one transaction. Returns null when the guard refused
 * (another worker got there first, or the document moved on), so callers can stop quietly.
 */
export async function transition(
  db: Executor,
  documentId: string,
  to: DocumentStatus,
  options: { message?: string | null; set?: Record<string, unknown> } = {},
): Promise<StatusChange | null> {
  const run = async (trx: Transaction<Database>) => {
    const before = await trx
      .selectFrom('documents')
      .select(['upload_status'])
      .where('id', '=', documentId)
      .forUpdate()
      .executeTakeFirst()
    if (!before || !ALLOWED_FROM[to].includes(before.upload_status as DocumentStatus)) return null
    const row = await trx
      .updateTable('documents')
      .set({
        ...options.set,
        upload_status: to,
        status_message: options.message ?? null,
        updated_at: sql`now()`,
        ...(to === 'completed' ? { completed_at: sql`now()` } : {}),
      })
      .where('id', '=', documentId)
      .returning(['id', 'user_id', 'batch_id'])
      .executeTakeFirstOrThrow()
    const history = await trx
      .insertInto('document_status_history')
      .values({ document_id: documentId, from_status: before.upload_status, to_status: to, message: options.message ?? null })
      .returning('id')
      .executeTakeFirstOrThrow()
    const change: StatusChange = {
      eventId: Number(history.id),
      documentId: row.id,
      userId: row.user_id,
      batchId: row.batch_id,
      from: before.upload_status,
      to,
      message: options.message ?? null,
    }
    await sql`SELECT pg_notify(${STATUS_CHANNEL}, ${JSON.stringify(change)})`.execute(trx)
    return change
  }
  return db.isTransaction ? run(db as Transaction<Database>) : (db as Db).transaction().execute(run)
}
