import { sql } from 'kysely'
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import S3rver from 's3rver'
import { afterAll, describe, expect, it } from 'vitest'
import { receiveUpload } from '#app/features/documents/upload.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { localStorage, s3Storage, type Storage } from '#app/server/storage.server.ts'
import { startBoss } from '#jobs/boss.ts'
import { runOrphanSweep } from '#jobs/sweep-orphans.ts'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { testDatabaseUrl, useTestDb } from '#tests/helpers/database.ts'
import { insertDocument } from '#tests/helpers/documents.ts'
import { multipartRequest } from '#tests/helpers/multipart.ts'
import { createUser } from '#tests/helpers/users.ts'

const db = useTestDb()
const logger = createLogger('silent')
const dir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-orphans-'))
const boss = await startBoss(testDatabaseUrl(), () => {})
const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'marginalia', configs: [] }] })
const { port } = (await s3rver.run()) as { port: number }

afterAll(async () => {
  await boss.stop({ graceful: false })
  await s3rver.close()
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

const put = (storage: Storage, key: string) => storage.put(key, Readable.from([Buffer.from('%PDF-1.4 test')]), 'application/pdf')

async function keys(storage: Storage): Promise<string[]> {
  const all: string[] = []
  for (const prefix of ['uploads/', 'documents/', 'exports/']) for await (const object of storage.list(prefix)) all.push(object.key)
  return all.sort()
}

const HOUR = 3_600_000

describe('orphan sweep', () => {
  it('local folder: removes old orphans and stale .partial files, never a file with a document, nor a young one', async () => {
    const root = path.join(dir, 'local')
    const storage = localStorage(root)
    const user = await createUser(db)
    const kept = await insertDocument(db, user.id, { storageKey: 'uploads/kept.pdf' })
    await db.updateTable('documents').set({ txt_key: `documents/${kept.id}/notes.txt`, docx_key: 'no_notes' }).where('id', '=', kept.id).execute()
    for (const key of ['uploads/kept.pdf', `documents/${kept.id}/notes.txt`, 'uploads/orphan.pdf', 'documents/gone/notes.docx', 'uploads/young.pdf', 'exports/other.zip']) {
      await put(storage, key)
    }
    // Abandoned writes, as a killed web process leaves them.
    await writeFile(path.join(root, 'uploads/killed.pdf.partial-4242-1700000000000'), 'half a PDF')
    await writeFile(path.join(root, 'uploads/writing.pdf.partial-4243-1700000000001'), 'half a PDF')
    const old = new Date(Date.now() - 2 * HOUR)
    for (const key of ['uploads/kept.pdf', `documents/${kept.id}/notes.txt`, 'uploads/orphan.pdf', 'documents/gone/notes.docx', 'exports/other.zip', 'uploads/killed.pdf.partial-4242-1700000000000']) {
      await utimes(path.join(root, key), old, old)
    }

    expect(await runOrphanSweep({ db, storage, logger })).toEqual({ orphans: 2, partials: 1 })
    expect(await keys(storage)).toEqual(
      [`documents/${kept.id}/notes.txt`, 'exports/other.zip', 'uploads/kept.pdf', 'uploads/writing.pdf.partial-4243-1700000000001', 'uploads/young.pdf'].sort(),
    )
    // Idempotent.
    expect(await runOrphanSweep({ db, storage, logger })).toEqual({ orphans: 0, partials: 0 })
  })

  it('S3-compatible bucket: removes old orphans by listing, never a file with a document', async () => {
    const storage = s3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'marginalia',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    })
    const user = await createUser(db)
    const kept = await insertDocument(db, user.id, { storageKey: 'uploads/s3-kept.pdf' })
    for (const key of ['uploads/s3-kept.pdf', 'uploads/s3-orphan.pdf', 'documents/s3-gone/references.docx']) await put(storage, key)
    // Young files stay; an hour later they are judged.
    expect(await runOrphanSweep({ db, storage, logger })).toEqual({ orphans: 0, partials: 0 })
    expect(await runOrphanSweep({ db, storage, logger }, new Date(Date.now() + 2 * HOUR))).toEqual({ orphans: 2, partials: 0 })
    expect(await keys(storage)).toEqual(['uploads/s3-kept.pdf'])
    expect(kept.id).toBeTruthy()
  })
})

async function refusedUpload(fields: Record<string, string>, names: string[]) {
  const storage = localStorage(path.join(dir, `refused-${Math.random().toString(36).slice(2)}`))
  const user = await createUser(db)
  const bytes = await corpusFile('pdfjs-highlight.pdf')
  const request = multipartRequest(
    'http://test.local/api/upload',
    fields,
    names.map((name) => ({ field: 'pdf_file', name, type: 'application/pdf', bytes })),
  )
  const result = await receiveUpload({ db, boss, storage, maxMb: 50 }, request, user.id).catch((error: Error) => ({ ok: false as const, error }))
  return { result, stored: await keys(storage) }
}

describe('a refused upload', () => {
  it('leaves no file behind when refused after its files were written', async () => {
    const style = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
    const noStyle = await refusedUpload({ reference_style_id: '999999' }, ['a.pdf', 'b.pdf'])
    expect(noStyle.result).toMatchObject({ ok: false, status: 400 })
    expect(noStyle.stored).toEqual([])
    const duplicates = await refusedUpload({ reference_style_id: String(style.id) }, ['same.pdf', 'same.pdf'])
    expect(duplicates.result).toMatchObject({ ok: false, key: 'upload.error.duplicates' })
    expect(duplicates.stored).toEqual([])
    // Refused by an exception after the files were written (here the database refusing the
    // document rows, through a trigger made for this test): the files go too.
    await sql`CREATE FUNCTION refuse_documents() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`.execute(db)
    await sql`CREATE TRIGGER refuse_documents BEFORE INSERT ON documents FOR EACH ROW EXECUTE FUNCTION refuse_documents()`.execute(db)
    const thrown = await refusedUpload({ reference_style_id: String(style.id) }, ['d.pdf'])
    await sql`DROP TRIGGER refuse_documents ON documents`.execute(db)
    await sql`DROP FUNCTION refuse_documents()`.execute(db)
    expect(thrown.result).toMatchObject({ ok: false, error: expect.any(Error) })
    expect(thrown.stored).toEqual([])
    const taken = await refusedUpload({ reference_style_id: String(style.id), batch_id: 'not-yours' }, ['c.pdf'])
    expect(taken.result.ok).toBe(true)
    expect(taken.stored).toHaveLength(1)
  })
})
