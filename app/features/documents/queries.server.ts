import { sql, type Selectable } from 'kysely'
import type { Db } from '#db/client.ts'
import type { Database } from '#db/schema.ts'
import type { ListOptions } from './list-options.ts'
import { isMoreFile, MORE_FILES } from '#jobs/render/outputs.ts'
import { moreDownloadUrls, type MoreDownloads } from './more-downloads.server.ts'

export interface DocumentSummary {
  id: string
  originalFilename: string
  uploadedAt: string
  uploadStatus: string
  txtDownloadUrl: string | null
  docxDownloadUrl: string | null
  allReferencesDownloadUrl: string | null
  batchId: string
  more: MoreDownloads
}

/** The special values the spec gives a download field when there is no such file. */
const NO_FILE = new Set(['no_notes', 'no_references'])

export function downloadUrl(documentId: string, key: string | null, file: 'notes.txt' | 'notes.docx' | 'references.docx', expired: boolean): string | null {
  if (!key || expired) return null
  if (NO_FILE.has(key)) return key
  return `/documents/${documentId}/download/${file}`
}

/** The columns a document's summary is made of (the past list, the dashboard, a batch's page). */
export const SUMMARY_COLUMNS = ['id', 'batch_id', 'original_filename', 'created_at', 'upload_status', 'txt_key', 'docx_key', 'references_key', 'md_key', 'bib_key', 'ris_key', 'csv_key', 'expired_at'] as const

type SummaryRow = Pick<Selectable<Database['documents']>, (typeof SUMMARY_COLUMNS)[number]>

export function toDocumentSummary(r: SummaryRow): DocumentSummary {
  const expired = Boolean(r.expired_at)
  return {
    id: r.id,
    originalFilename: r.original_filename,
    uploadedAt: new Date(r.created_at).toISOString(),
    uploadStatus: r.upload_status,
    txtDownloadUrl: downloadUrl(r.id, r.txt_key, 'notes.txt', expired),
    docxDownloadUrl: downloadUrl(r.id, r.docx_key, 'notes.docx', expired),
    allReferencesDownloadUrl: downloadUrl(r.id, r.references_key, 'references.docx', expired),
    batchId: r.batch_id,
    more: moreDownloadUrls(r),
  }
}

/** One user's documents, one page of them; every query is scoped by the owner in SQL. */
export async function listDocuments(db: Db, userId: string, options: ListOptions) {
  // The page brings the owner's count along (a window count is taken before LIMIT): one query,
  // one round trip. Only a page past the end has no row to carry it, and asks for it alone.
  const rows = await db
    .selectFrom('documents')
    .select(SUMMARY_COLUMNS)
    .select(sql<string>`count(*) over ()`.as('total'))
    .where('user_id', '=', userId)
    .orderBy(options.sortBy === 'original_filename' ? sql`lower(original_filename)` : sql`created_at`, options.sortOrder)
    .orderBy('id')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute()
  const total =
    rows[0]?.total ??
    (options.page > 1
      ? (await db.selectFrom('documents').select(db.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n
      : 0)
  const totalDocuments = Number(total)
  return { documents: rows.map(toDocumentSummary), totalDocuments, totalPages: Math.max(1, Math.ceil(totalDocuments / options.perPage)) }
}

export interface ReferenceLink {
  id: string
  referenceText: string
  referenceUrl: string | null
  isSplitReference: boolean
  children: { referenceText: string; referenceUrl: string | null }[]
}

/** One document of its owner, with its annotations and its reference links (split ones with their children). */
export async function getDocument(db: Db, userId: string, documentId: string) {
  const document = await db
    .selectFrom('documents')
    .select([
      'id',
      'batch_id',
      'original_filename',
      'created_at',
      'upload_status',
      'status_message',
      'extracted_colors',
      'page_numbers',
      'citation',
      'txt_key',
      'docx_key',
      'references_key',
      'md_key',
      'bib_key',
      'ris_key',
      'csv_key',
      'expired_at',
    ])
    .where('id', '=', documentId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!document) return null
  const [annotations, referenceRows] = await Promise.all([
    db
      .selectFrom('annotations')
      .leftJoin('color_categories', 'color_categories.id', 'annotations.category_id')
      .select([
        'annotations.id',
        'annotations.type',
        'annotations.page',
        'annotations.page_label',
        'annotations.color',
        'annotations.text',
        'annotations.comment',
        'color_categories.name as category',
      ])
      .where('annotations.document_id', '=', documentId)
      .orderBy('annotations.position')
      .execute(),
    db
      .selectFrom('document_references')
      .select(['id', 'parent_id', 'reference_text', 'reference_url', 'is_split_reference', 'categorization_tag'])
      .where('document_id', '=', documentId)
      .orderBy('position')
      .execute(),
  ])
  const references: ReferenceLink[] = referenceRows
    .filter((r) => r.parent_id === null)
    .map((r) => ({
      id: String(r.id),
      referenceText: r.reference_text,
      referenceUrl: r.reference_url,
      isSplitReference: r.is_split_reference,
      children: referenceRows
        .filter((c) => String(c.parent_id) === String(r.id))
        .map((c) => ({ referenceText: c.reference_text, referenceUrl: c.reference_url })),
    }))
  const expired = Boolean(document.expired_at)
  return {
    id: document.id,
    batchId: document.batch_id,
    originalFilename: document.original_filename,
    createdAt: new Date(document.created_at).toISOString(),
    uploadStatus: document.upload_status,
    statusMessage: document.status_message,
    expired,
    extractedColors: (document.extracted_colors ?? []) as string[],
    pageNumbers: (document.page_numbers ?? []) as number[],
    citation: document.citation,
    txtDownloadUrl: downloadUrl(document.id, document.txt_key, 'notes.txt', expired),
    docxDownloadUrl: downloadUrl(document.id, document.docx_key, 'notes.docx', expired),
    allReferencesDownloadUrl: downloadUrl(document.id, document.references_key, 'references.docx', expired),
    more: moreDownloadUrls(document),
    annotations: annotations.map((a) => ({
      id: String(a.id),
      type: a.type,
      page: a.page,
      pageLabel: a.page_label,
      color: a.color,
      text: a.text,
      comment: a.comment,
      category: a.category,
    })),
    references,
  }
}

export type DocumentDetail = NonNullable<Awaited<ReturnType<typeof getDocument>>>

/** The stored key of one generated file, for its owner only. */
export async function downloadKey(db: Db, userId: string, documentId: string, file: string) {
  const column =
    file === 'notes.txt' ? 'txt_key' : file === 'notes.docx' ? 'docx_key' : file === 'references.docx' ? 'references_key' : isMoreFile(file) ? MORE_FILES[file].column : null
  if (!column) return null
  const row = await db
    .selectFrom('documents')
    .select(['original_filename', 'expired_at', column])
    .where('id', '=', documentId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const key = row?.[column as 'txt_key']
  if (!row || !key || NO_FILE.has(key) || row.expired_at) return null
  return { key, originalFilename: row.original_filename }
}
