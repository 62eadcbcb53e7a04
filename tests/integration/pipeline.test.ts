import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { batchColors, submitCategorization } from '#app/features/documents/batch.server.ts'
import { getDocument } from '#app/features/documents/queries.server.ts'
import { receiveUpload } from '#app/features/documents/upload.server.ts'
import { loadConfig } from '#app/server/config.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { localStorage } from '#app/server/storage.server.ts'
import { startBoss } from '#jobs/boss.ts'
import { runExtract } from '#jobs/extract.ts'
import { closeExtractionWorkers } from '#jobs/pdf/index.ts'
import { startWorkers } from '#jobs/worker.ts'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { testDatabaseUrl, useTestDb } from '#tests/helpers/database.ts'
import { multipartRequest } from '#tests/helpers/multipart.ts'
import { createUser } from '#tests/helpers/users.ts'

const db = useTestDb()
const filesDir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-files-'))
const storage = localStorage(filesDir)
const logger = createLogger('silent')
const config = loadConfig({ LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '2' })
const boss = await startBoss(testDatabaseUrl(), () => {})
await startWorkers({ boss, db, config, logger, storage })

afterAll(async () => {
  await boss.stop({ graceful: false })
  await closeExtractionWorkers()
  await rm(filesDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

async function waitForStatus(documentIds: string[], wanted: (status: string) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await db.selectFrom('documents').select(['id', 'upload_status', 'status_message']).where('id', 'in', documentIds).execute()
    if (rows.length === documentIds.length && rows.every((r) => wanted(r.upload_status))) return rows
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(rows)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const apa = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()

async function upload(userId: string, files: { name: string; bytes: Uint8Array; type?: string }[], batchId?: string) {
  const request = multipartRequest(
    'http://test.local/extractor',
    { reference_style_id: String(apa.id), ...(batchId ? { batch_id: batchId } : {}) },
    files.map((f) => ({ field: 'pdf_file', name: f.name, type: f.type ?? 'application/pdf', bytes: f.bytes })),
  )
  return receiveUpload({ db, boss, storage, maxMb: 50 }, request, userId)
}

describe('the pipeline, on real PDFs through the real queue', () => {
  it('extracts, takes the categorization once, and writes the three outputs', async () => {
    const user = await createUser(db)
    const files = [
      { name: 'zotero-pdf-worker-1.pdf', bytes: await corpusFile('zotero-pdf-worker-1.pdf') },
      { name: 'pdfannots-hotos17.pdf', bytes: await corpusFile('pdfannots-hotos17.pdf') },
      { name: 'pdfminer-simple5.pdf', bytes: await corpusFile('pdfminer-simple5.pdf') },
    ]
    const result = await upload(user.id, files)
    expect(result).toMatchObject({ ok: true })
    if (!result.ok) return
    expect(result.documentIds).toHaveLength(3)
    await waitForStatus(result.documentIds, (s) => s === 'raw_annotations_inserted')

    const history = await db
      .selectFrom('document_status_history')
      .select('to_status')
      .where('document_id', '=', result.documentIds[0])
      .orderBy('id')
      .execute()
    expect(history.map((h) => h.to_status)).toEqual([
      'uploaded',
      'processing_apa',
      'apa_extracted',
      'processing_colors',
      'colors_extracted',
      'processing_annotations',
      'raw_annotations_inserted',
    ])

    const { colors } = await batchColors(db, user.id, result.batchId)
    expect(colors.length).toBeGreaterThan(3)
    const categories = await db.selectFrom('color_categories').select(['id', 'name']).execute()
    const byName = new Map(categories.map((c) => [c.name, c.id]))
    const choices = new Map(colors.map((c, i) => [c.hex, (i === 0 ? byName.get('Reference') : byName.get('Key finding')) as number]))

    const incomplete = await submitCategorization({ db, boss }, user.id, { batchId: result.batchId }, new Map([...choices].slice(1)))
    expect(incomplete).toEqual({ ok: false, problem: 'incomplete' })
    const submitted = await submitCategorization({ db, boss }, user.id, { batchId: result.batchId }, choices)
    expect(submitted).toMatchObject({ ok: true })
    const again = await submitCategorization({ db, boss }, user.id, { batchId: result.batchId }, choices)
    expect(again).toEqual({ ok: false, problem: 'alreadySubmitted' })

    await waitForStatus(result.documentIds, (s) => s === 'completed')
    if (process.env.SHOW_TIMING) {
      const all = await db.selectFrom('document_status_history').select(['document_id', 'to_status', 'created_at']).where('document_id', 'in', result.documentIds).orderBy('id').execute()
      const t0 = new Date(all[0].created_at).getTime()
      console.log(all.map((h) => `${h.document_id.slice(0, 4)} ${h.to_status} +${new Date(h.created_at).getTime() - t0}ms`).join('\n'))
    }
    const detail = await getDocument(db, user.id, result.documentIds[1])
    expect(detail?.txtDownloadUrl).toBe(`/documents/${result.documentIds[1]}/download/notes.txt`)
    const row = await db.selectFrom('documents').select(['txt_key', 'docx_key']).where('id', '=', result.documentIds[1]).executeTakeFirstOrThrow()
    const notes = Buffer.from((await storage.getBytes(row.txt_key as string)) as Uint8Array).toString('utf8')
    expect(notes).toContain('KEY FINDING')
    const docx = await storage.getBytes(row.docx_key as string)
    expect(Buffer.from(docx as Uint8Array).subarray(0, 2).toString()).toBe('PK')

    const preferences = await db.selectFrom('user_color_preferences').select(['hex', 'category_id']).where('user_id', '=', user.id).execute()
    expect(preferences).toHaveLength(choices.size)
  }, 120_000)

  it('keeps other users out of a document and refuses a non-PDF that claims to be one', async () => {
    const owner = await createUser(db)
    const stranger = await createUser(db)
    const ok = await upload(owner.id, [{ name: 'pdfjs-highlight.pdf', bytes: await corpusFile('pdfjs-highlight.pdf') }])
    expect(ok.ok).toBe(true)
    if (!ok.ok) return
    expect(await getDocument(db, stranger.id, ok.documentIds[0])).toBeNull()

    const fake = await upload(owner.id, [{ name: 'notes.pdf', bytes: new TextEncoder().encode('just text, not a PDF') }])
    expect(fake).toMatchObject({ ok: false, key: 'upload.error.notPdf', values: { file: 'notes.pdf' } })
    const dropped = await upload(owner.id, [{ name: 'photo.png', type: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) }])
    expect(dropped).toMatchObject({ ok: false, key: 'upload.error.noFiles' })
    const duplicate = await upload(owner.id, [
      { name: 'a.pdf', bytes: await corpusFile('pdfjs-highlight.pdf') },
      { name: 'a.pdf', bytes: await corpusFile('pdfjs-highlight.pdf') },
    ])
    expect(duplicate).toMatchObject({ ok: false, key: 'upload.error.duplicates', values: { files: 'a.pdf' } })
  })

  it('ends an unreadable PDF as failed with a message a researcher understands', async () => {
    const user = await createUser(db)
    const broken = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF')
    const result = await upload(user.id, [{ name: 'broken.pdf', bytes: broken }])
    if (!result.ok) throw new Error('upload refused')
    const [row] = await waitForStatus(result.documentIds, (s) => s === 'failed' || s === 'raw_annotations_inserted')
    expect(row.upload_status).toBe('failed')
    expect(row.status_message).toMatch(/PDF/)
  })

  it("ends a PDF that takes longer than the engine's limit in ps1_timeout", async () => {
    const user = await createUser(db)
    const { insertDocument } = await import('#tests/helpers/documents.ts')
    const { Readable } = await import('node:stream')
    await storage.put('uploads/slow.pdf', Readable.from([await corpusFile('pymupdf-mupdf_explored.pdf')]), 'application/pdf')
    const document = await insertDocument(db, user.id, { storageKey: 'uploads/slow.pdf' })
    await runExtract({ db, storage, logger, engineTimeoutMs: 5 }, document.id)
    const row = await db.selectFrom('documents').select(['upload_status', 'status_message']).where('id', '=', document.id).executeTakeFirstOrThrow()
    expect(row.upload_status).toBe('ps1_timeout')
    expect(row.status_message).toMatch(/too long/)
  })
})
