import { z } from 'zod'
import { INT4_MAX } from '#app/lib/ids.ts'

/** At most this many PDFs in one batch (000 §9). */
export const MAX_FILES_PER_BATCH = 10
export const PDF_MIME = 'application/pdf'

/** A client-generated batch id: a timestamp and random text (000 §3). */
export const BATCH_ID = /^[A-Za-z0-9_-]{6,80}$/

export function newBatchId(): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('')
  return `${Date.now()}-${random}`
}

/** The browser-side checks of a selection, in the spec's order; returns the i18n key and values of the first problem. */
export function checkSelection(
  files: { name: string; type: string }[],
  referenceStyleId: string,
): { key: string; values?: Record<string, string> } | null {
  const pdfs = files.filter((f) => f.type === PDF_MIME)
  const names = pdfs.map((f) => f.name)
  const duplicates = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))]
  if (duplicates.length > 0) return { key: 'upload.error.duplicates', values: { files: duplicates.join(', ') } }
  if (pdfs.length > MAX_FILES_PER_BATCH) return { key: 'upload.error.tooMany' }
  if (pdfs.length === 0) return { key: 'upload.error.noFiles' }
  if (!referenceStyleId) return { key: 'upload.error.noStyle' }
  return null
}

export const CategorizationSchema = z.object({
  batch_id: z.string().regex(BATCH_ID),
})

/** The JSON API's categorization call (000 §7): one call per document. */
export const SubmitExtractionSchema = z.object({
  document_id: z.string().uuid(),
  selected_categorizations: z
    .array(
      z.object({
        hex: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        category_id: z.coerce.number().int().positive().max(INT4_MAX),
        category_name: z.string().optional(),
      }),
    )
    .max(200),
})
