import { Readable } from 'node:stream'
import type { Job } from 'pg-boss'
import { transition } from '#app/features/documents/transitions.server.ts'
import type { Logger } from '#app/server/logger.server.ts'
import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'
import type { CitationStyle, InTextCitation, Reference } from './pdf/index.ts'
import { QUEUES } from './queues.ts'
import { GENERATE_FAILED_MESSAGE, GENERATE_TIMEOUT_MESSAGE } from './sweep-stuck.ts'
import { paperTitle, resolveReference, type NoteAnnotation, type NotesInput } from './render/model.ts'
import { renderNotesDocx } from './render/notes-docx.ts'
import { renderNotesText } from './render/notes-txt.ts'
import { renderReferencesDocx } from './render/references-docx.ts'
import { documentLabels, writeMoreOutputs } from './more-outputs.ts'

export interface GenerateData {
  documentId: string
}

export interface GenerateDeps {
  db: Db
  storage: Storage
  logger: Logger
}

/** The category whose highlights are references (the spec's categorization_tag value). */
export const REFERENCE_CATEGORY = 'Reference'
export const NO_NOTES = 'no_notes'
export const NO_REFERENCES = 'no_references'

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

async function loadNotesInput(db: Db, documentId: string): Promise<NotesInput & { referenceAnnotations: NoteAnnotation[] }> {
  const document = await db
    .selectFrom('documents')
    .innerJoin('reference_styles', 'reference_styles.id', 'documents.reference_style_id')
    .select(['documents.original_filename', 'documents.metadata', 'documents.citation', 'documents.reference_list', 'reference_styles.slug'])
    .where('documents.id', '=', documentId)
    .executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('annotations')
    .leftJoin('color_categories', 'color_categories.id', 'annotations.category_id')
    .select([
      'annotations.id',
      'annotations.type',
      'annotations.page',
      'annotations.page_label',
      'annotations.text',
      'annotations.comment',
      'annotations.color',
      'annotations.citations',
      'color_categories.name as category_name',
      'color_categories.sort_order as category_order',
    ])
    .where('annotations.document_id', '=', documentId)
    .orderBy('annotations.position')
    .execute()
  const annotations: NoteAnnotation[] = rows.map((r) => ({
    id: String(r.id),
    type: r.type,
    page: r.page,
    pageLabel: r.page_label,
    text: r.text,
    comment: r.comment,
    categoryName: r.category_name,
    categoryOrder: r.category_order,
    citations: (r.citations ?? []) as InTextCitation[],
    color: r.color,
  }))
  return {
    title: paperTitle(document.metadata, document.original_filename),
    citation: document.citation ?? '',
    style: document.slug as CitationStyle,
    annotations,
    references: (document.reference_list ?? []) as Reference[],
    referenceAnnotations: annotations.filter((a) => a.categoryName === REFERENCE_CATEGORY),
  }
}

/**
 * The spec's ps2 step: resolve the Reference highlights into reference links, write notes.txt,
 * notes.docx and references.docx, and complete the document. Idempotent: a completed document is
 * left alone, and a retry rewrites the same keys and replaces the reference rows.
 */
export async function runGenerate(deps: GenerateDeps, documentId: string, signal?: AbortSignal): Promise<void> {
  const { db, storage } = deps
  if (!(await transition(db, documentId, 'processing_downloads'))) return
  const input = await loadNotesInput(db, documentId)
  const resolved = input.referenceAnnotations.map((a) => ({ annotation: a, reference: resolveReference(a, input.references, input.style) }))

  const labels = await documentLabels(db, documentId)
  const hasNotes = input.annotations.some((a) => (a.text && a.categoryName) || (!a.text && a.comment))
  const prefix = `documents/${documentId}`
  let txtKey = NO_NOTES
  let docxKey = NO_NOTES
  let referencesKey = NO_REFERENCES
  if (hasNotes) {
    txtKey = `${prefix}/notes.txt`
    docxKey = `${prefix}/notes.docx`
    await storage.put(txtKey, Readable.from([Buffer.from(renderNotesText(input, labels))]), 'text/plain; charset=utf-8')
    await storage.put(docxKey, Readable.from([await renderNotesDocx(input, labels)]), DOCX)
  }
  if (resolved.length > 0) {
    referencesKey = `${prefix}/references.docx`
    const file = await renderReferencesDocx(input.title, labels.references, resolved.map((r) => r.reference))
    await storage.put(referencesKey, Readable.from([file]), DOCX)
  }
  const moreKeys = await writeMoreOutputs({ db, storage }, documentId, hasNotes)
  if (signal?.aborted) return

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('document_references').where('document_id', '=', documentId).execute()
    let position = 0
    for (const { annotation, reference } of resolved) {
      const parent = await trx
        .insertInto('document_references')
        .values({
          document_id: documentId,
          annotation_id: annotation.id,
          position: position++,
          categorization_tag: REFERENCE_CATEGORY,
          reference_text: reference.text,
          reference_url: reference.url,
          is_split_reference: reference.children.length > 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const child of reference.children) {
        await trx
          .insertInto('document_references')
          .values({
            document_id: documentId,
            annotation_id: annotation.id,
            parent_id: String(parent.id),
            position: position++,
            categorization_tag: REFERENCE_CATEGORY,
            reference_text: child.text,
            reference_url: child.url,
          })
          .execute()
      }
    }
    await transition(trx, documentId, 'completed', { set: { txt_key: txtKey, docx_key: docxKey, references_key: referencesKey, ...moreKeys } })
  })
}

/** pg-boss handler: timeouts end in ps2_timeout; after the last retry of a crash, `failed`. */
export function generateHandler(deps: GenerateDeps) {
  return async (jobs: Job<GenerateData>[]) => {
    for (const job of jobs) {
      try {
        await runGenerate(deps, job.data.documentId, job.signal)
      } catch (error) {
        deps.logger.error({ documentId: job.data.documentId, retry: job.retryCount, error: String(error) }, 'generate failed')
        if (job.retryCount >= QUEUES.generate.retryLimit) {
          await transition(deps.db, job.data.documentId, 'failed', { message: GENERATE_FAILED_MESSAGE })
        }
        throw error
      } finally {
        if (job.signal.aborted) await transition(deps.db, job.data.documentId, 'ps2_timeout', { message: GENERATE_TIMEOUT_MESSAGE })
      }
    }
  }
}
