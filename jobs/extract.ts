import type { Job } from 'pg-boss'
import { transition } from '#app/features/documents/transitions.server.ts'
import type { Logger } from '#app/server/logger.server.ts'
import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'
import { QUEUES } from './queues.ts'
import { ExtractionError, extractPdf, type CitationStyle, type Extraction } from './pdf/index.ts'
import { EXTRACT_FAILED_MESSAGE, EXTRACT_TIMEOUT_MESSAGE } from './sweep-stuck.ts'

export interface ExtractData {
  documentId: string
}

const TEXT_MARKUP = new Set(['highlight', 'underline', 'strikeout', 'squiggly'])

export interface ExtractDeps {
  db: Db
  storage: Storage
  logger: Logger
  /** The engine's wall-clock limit for one PDF (the spec's first processing step). */
  engineTimeoutMs: number
  /** The engine's memory cap for one PDF (EXTRACTION_MAX_MEMORY_MB); the engine's default when unset. */
  engineMaxMemoryMb?: number
}

/**
 * The spec's ps1 and make1 steps for one document: read the PDF with the engine, store the
 * paper's citation, its colours and its annotations, moving through every status on the way.
 * Idempotent: a document already past these steps is left alone; a retry after a crash starts
 * the steps over and replaces what the crashed attempt stored.
 */
export async function runExtract(deps: ExtractDeps, documentId: string, signal?: AbortSignal): Promise<void> {
  const { db, storage, logger } = deps
  const document = await db
    .selectFrom('documents')
    .innerJoin('reference_styles', 'reference_styles.id', 'documents.reference_style_id')
    .select(['documents.id', 'documents.storage_key', 'documents.upload_status', 'reference_styles.slug'])
    .where('documents.id', '=', documentId)
    .executeTakeFirst()
  if (!document) return
  if (!(await transition(db, documentId, 'processing_apa'))) return

  const bytes = document.storage_key ? await storage.getBytes(document.storage_key) : null
  if (!bytes) {
    await transition(db, documentId, 'failed', { message: 'The uploaded file could not be found. Please upload it again.' })
    return
  }

  let extraction: Extraction
  try {
    extraction = await extractPdf(bytes, { style: document.slug as CitationStyle, timeoutMs: deps.engineTimeoutMs, maxMemoryMb: deps.engineMaxMemoryMb })
  } catch (error) {
    if (error instanceof ExtractionError) {
      const to = error.code === 'timeout' ? 'ps1_timeout' : 'failed'
      await transition(db, documentId, to, { message: error.message })
      // The researcher reads error.message; what the library said (error.detail) is for us.
      logger.info({ documentId, code: error.code, detail: error.detail }, 'PDF could not be extracted')
      return
    }
    throw error
  }
  if (signal?.aborted) return

  await transition(db, documentId, 'apa_extracted', {
    set: {
      page_count: extraction.pageCount,
      metadata: JSON.stringify(extraction.metadata),
      citation: extraction.citation,
      reference_list: JSON.stringify(extraction.references),
    },
  })
  await transition(db, documentId, 'processing_colors')
  await transition(db, documentId, 'colors_extracted', { set: { extracted_colors: JSON.stringify(extraction.colors) } })
  if (!(await transition(db, documentId, 'processing_annotations'))) return

  const pages = [...new Set(extraction.annotations.map((a) => a.page))].sort((a, b) => a - b)
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('annotations').where('document_id', '=', documentId).execute()
    const rows = extraction.annotations
      .filter((a) => TEXT_MARKUP.has(a.type) || a.comment)
      .map((a, position) => ({
        document_id: documentId,
        position,
        type: a.type,
        page: a.page,
        page_label: a.pageLabel,
        color: a.color,
        text: a.text,
        comment: [a.comment, ...a.replies.map((r) => r.comment), a.replacement ? `→ ${a.replacement}` : null]
          .filter(Boolean)
          .join('\n') || null,
        author: a.author,
        modified_at: a.modified,
        citations: JSON.stringify(a.citations),
      }))
    for (let i = 0; i < rows.length; i += 500) {
      await trx.insertInto('annotations').values(rows.slice(i, i + 500)).execute()
    }
    await transition(trx, documentId, 'raw_annotations_inserted', { set: { page_numbers: JSON.stringify(pages) } })
  })
}

/**
 * pg-boss handler. A job past its time limit ends the document in the timeout of the step it was
 * in; a crash is retried, and after the last retry the document ends `failed`.
 */
export function extractHandler(deps: ExtractDeps) {
  return async (jobs: Job<ExtractData>[]) => {
    for (const job of jobs) {
      try {
        await runExtract(deps, job.data.documentId, job.signal)
      } catch (error) {
        deps.logger.error({ documentId: job.data.documentId, retry: job.retryCount, error: String(error) }, 'extract failed')
        if (job.retryCount >= QUEUES.extract.retryLimit) {
          await transition(deps.db, job.data.documentId, 'failed', { message: FAILED_MESSAGE })
        }
        throw error
      } finally {
        if (job.signal.aborted) await markTimedOut(deps.db, job.data.documentId)
      }
    }
  }
}

const FAILED_MESSAGE = EXTRACT_FAILED_MESSAGE

async function markTimedOut(db: Db, documentId: string): Promise<void> {
  const current = await db.selectFrom('documents').select('upload_status').where('id', '=', documentId).executeTakeFirst()
  if (!current) return
  const to = current.upload_status === 'processing_annotations' ? 'make1_timeout' : 'ps1_timeout'
  await transition(db, documentId, to, { message: EXTRACT_TIMEOUT_MESSAGE })
}
