import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from '@remix-run/form-data-parser'
import type { PgBoss } from 'pg-boss'
import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'
import { inTransaction } from '#jobs/boss.ts'
import { isSerialId } from '#app/lib/ids.ts'
import { BATCH_ID, MAX_FILES_PER_BATCH, newBatchId, PDF_MIME } from './schema.ts'
import { NotPdfError, pdfSignatureCheck } from './pdf-signature.server.ts'

/** A problem the researcher can fix, as an i18n key with its values; nothing of the request is kept. */
export interface UploadProblem {
  status: number
  key: string
  values?: Record<string, string>
}

/** A file of the upload that was refused while the others went through (the upload page's mixed batch). */
export interface RefusedFile {
  reason: 'notPdf'
  file: string
}

export type UploadResult = { ok: true; batchId: string; documentIds: string[]; refused?: RefusedFile[] } | ({ ok: false } & UploadProblem)

interface StoredFile {
  filename: string
  storageKey: string
  bytes: number
}

/** The parser's bounds: a form has a few fields and at most a batch of files. */
export const MAX_PARTS = 50
export const MAX_PART_HEADER_BYTES = 8 * 1024

/** A part that is itself a multipart body (the old multipart/mixed way of sending several files). */
class NestedMultipartError extends Error {}

function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'document.pdf'
  // Control characters would break headers and logs; the rest of the name is the researcher's.
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('')
  return printable.slice(0, 255) || 'document.pdf'
}

/**
 * Receives one multipart upload (`pdf_file` parts, `reference_style_id`, optional `batch_id`),
 * streaming each PDF straight to storage, and creates its documents with an `extract` job each,
 * in one transaction. A non-PDF part (by its declared type) is dropped silently, as the spec
 * says; a part that claims to be a PDF but is not, or is too large, fails the whole request.
 */
export async function receiveUpload(
  deps: { db: Db; boss: PgBoss; storage: Storage; maxMb: number },
  request: Request,
  userId: string,
  options: { keepGoodFiles?: boolean } = {},
): Promise<UploadResult> {
  const { storage, maxMb } = deps
  const stored: StoredFile[] = []
  const rejected: { key: string; values: Record<string, string> }[] = []
  // Every write started, finished or not: a refused upload leaves nothing stored. A write still
  // running is removed again once it settles, so a late rename cannot leave its file behind.
  const writes = new Map<string, Promise<unknown>>()
  const discard = async () => {
    await Promise.all(
      [...writes].map(([key, write]) => {
        void write.finally(() => storage.delete(key).catch(() => {}))
        return storage.delete(key).catch(() => {})
      }),
    )
  }

  const uploadHandler = async (upload: FileUpload) => {
    if (/^multipart\//i.test(upload.type)) throw new NestedMultipartError()
    if (upload.fieldName !== 'pdf_file' || !upload.name) return undefined
    if (upload.type !== PDF_MIME && !/\.pdf$/i.test(upload.name)) return undefined
    const filename = cleanFilename(upload.name)
    const storageKey = `uploads/${randomUUID()}.pdf`
    try {
      const body = Readable.fromWeb(upload.stream() as import('node:stream/web').ReadableStream)
      const checked = pdfSignatureCheck()
      const done = storage.put(storageKey, checked, PDF_MIME)
      writes.set(storageKey, done.catch(() => {}))
      await Promise.all([pipeline(body, checked), done])
      stored.push({ filename, storageKey, bytes: upload.size })
    } catch (error) {
      await storage.delete(storageKey)
      if (error instanceof NotPdfError) rejected.push({ key: 'upload.error.notPdf', values: { file: filename } })
      else throw error
    }
    return storageKey
  }

  let form: FormData
  try {
    form = await parseFormData(
      request,
      {
        maxFiles: MAX_FILES_PER_BATCH + 5,
        maxFileSize: maxMb * 1024 * 1024,
        maxParts: MAX_PARTS,
        maxHeaderSize: MAX_PART_HEADER_BYTES,
        maxTotalSize: (MAX_FILES_PER_BATCH * maxMb + 1) * 1024 * 1024,
      },
      uploadHandler,
    )
  } catch (error) {
    await discard()
    // Every refusal of the parser is the sender's problem: a 4xx with a message, never a 500.
    if (error instanceof MaxFileSizeExceededError) return { ok: false, status: 413, key: 'upload.error.tooLarge', values: { max: String(maxMb) } }
    if (error instanceof MaxTotalSizeExceededError) return { ok: false, status: 413, key: 'upload.error.tooLarge', values: { max: String(maxMb) } }
    if (error instanceof MaxFilesExceededError) return { ok: false, status: 400, key: 'upload.error.tooMany' }
    if (error instanceof MaxPartsExceededError) return { ok: false, status: 413, key: 'upload.error.tooManyParts', values: { max: String(MAX_PARTS) } }
    if (error instanceof MaxHeaderSizeExceededError) return { ok: false, status: 400, key: 'upload.error.unreadable' }
    if (error instanceof NestedMultipartError) return { ok: false, status: 400, key: 'upload.error.nested' }
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) return { ok: false, status: 400, key: 'upload.error.unreadable' }
    // The body stopped coming (the client went away, or the HTTP layer cut it at its size limit).
    if (request.signal.aborted) return { ok: false, status: 400, key: 'upload.error.unreadable' }
    throw error
  }

  try {
    return await createDocuments(deps, form, stored, rejected, userId, discard, options.keepGoodFiles ?? false)
  } catch (error) {
    // A refusal by an exception (the database gone mid-request, say) leaves no file behind either.
    await discard()
    throw error
  }
}

async function createDocuments(
  deps: { db: Db; boss: PgBoss },
  form: FormData,
  stored: StoredFile[],
  rejected: { key: string; values: Record<string, string> }[],
  userId: string,
  discard: () => Promise<void>,
  keepGoodFiles: boolean,
): Promise<UploadResult> {
  const { db, boss } = deps
  const fail = async (problem: UploadProblem): Promise<UploadResult> => {
    await discard()
    return { ok: false, ...problem }
  }
  // The API refuses the whole request for one bad file; the upload page keeps the good ones and names the others.
  if (rejected.length > 0 && (!keepGoodFiles || stored.length === 0)) return fail({ status: 400, ...rejected[0] })
  const names = stored.map((f) => f.filename)
  const duplicates = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))]
  if (duplicates.length > 0) return fail({ status: 400, key: 'upload.error.duplicates', values: { files: duplicates.join(', ') } })
  if (stored.length > MAX_FILES_PER_BATCH) return fail({ status: 400, key: 'upload.error.tooMany' })
  if (stored.length === 0) return fail({ status: 400, key: 'upload.error.noFiles' })

  const styleId = Number(form.get('reference_style_id'))
  const style = isSerialId(styleId)
    ? await db.selectFrom('reference_styles').select('id').where('id', '=', styleId).executeTakeFirst()
    : undefined
  if (!style) return fail({ status: 400, key: 'upload.error.noStyle' })
  const requestedBatch = String(form.get('batch_id') ?? '')
  const batchId = BATCH_ID.test(requestedBatch) ? requestedBatch : newBatchId()

  const outcome = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('batches')
      .values({ id: batchId, user_id: userId, reference_style_id: style.id })
      .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
      .execute()
    // Batch ids are scoped to their owner (another user's id is just an unused one here). Locks the
    // batch so parallel per-file uploads of one batch count and name-check in turn.
    const batch = await trx
      .selectFrom('batches')
      .select(['submitted_at'])
      .where('user_id', '=', userId)
      .where('id', '=', batchId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (batch.submitted_at) return { status: 409, key: 'categorize.error.alreadySubmitted' } satisfies UploadProblem
    const existing = await trx
      .selectFrom('documents')
      .select('original_filename')
      .where('user_id', '=', userId)
      .where('batch_id', '=', batchId)
      .execute()
    const taken = names.filter((n) => existing.some((e) => e.original_filename === n))
    if (taken.length > 0) return { status: 400, key: 'upload.error.duplicates', values: { files: taken.join(', ') } } satisfies UploadProblem
    if (existing.length + stored.length > MAX_FILES_PER_BATCH) return { status: 400, key: 'upload.error.tooMany' } satisfies UploadProblem

    const documentIds: string[] = []
    for (const file of stored) {
      const document = await trx
        .insertInto('documents')
        .values({
          user_id: userId,
          batch_id: batchId,
          reference_style_id: style.id,
          original_filename: file.filename,
          storage_key: file.storageKey,
          size_bytes: file.bytes,
          upload_status: 'uploaded',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('document_status_history')
        .values({ document_id: document.id, from_status: null, to_status: 'uploaded' })
        .execute()
      await boss.send('extract', { documentId: document.id }, { db: inTransaction(trx), singletonKey: document.id })
      documentIds.push(document.id)
    }
    return documentIds
  })
  if (!Array.isArray(outcome)) return fail(outcome)
  const refused: RefusedFile[] = rejected.map((r) => ({ reason: 'notPdf', file: r.values.file }))
  return { ok: true, batchId, documentIds: outcome, ...(refused.length > 0 ? { refused } : {}) }
}
