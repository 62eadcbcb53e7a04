import { describe, expect, it } from 'vitest'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'

const { baseUrl, db } = await startTestServer({}, { workers: true })

async function tokenFor(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

async function uploadFile(token: string, name: string, bytes: Uint8Array, fields: Record<string, string>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('pdf_file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name)
  return fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
}

async function getJson(token: string, path: string) {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

async function waitFor(token: string, id: string, status: string) {
  const deadline = Date.now() + 60_000
  for (;;) {
    const { body } = await getJson(token, `/api/documents/${id}`)
    if (body.uploadStatus === status) return body
    if (Date.now() > deadline) throw new Error(`still ${body.uploadStatus}`)
    await new Promise((r) => setTimeout(r, 150))
  }
}

const apa = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
const categories = await db.selectFrom('color_categories').select(['id', 'name']).execute()
const reference = categories.find((c) => c.name === 'Reference')?.id as number
const keyFinding = categories.find((c) => c.name === 'Key finding')?.id as number

describe('documents API', () => {
  it('upload → poll → submit-extraction once → completed with download links; documents list; downloads with the token', async () => {
    const owner = await createUser(db)
    const token = await tokenFor(owner.email, owner.password)
    const batchId = `${Date.now()}-abc123`
    const res = await uploadFile(token, 'pdfjs-comments.pdf', await corpusFile('pdfjs-comments.pdf'), {
      reference_style_id: String(apa.id),
      batch_id: batchId,
    })
    expect(res.status).toBe(201)
    const uploaded = (await res.json()) as { document_id: string; message: string }
    expect(uploaded.document_id).toMatch(/^[0-9a-f-]{36}$/)

    const ready = await waitFor(token, uploaded.document_id, 'raw_annotations_inserted')
    expect(ready.extractedColorsJson.length).toBeGreaterThan(2)
    expect(ready.pageNumbers).toContain(1)
    expect(typeof ready.extractedApaReference).toBe('string')
    expect(ready.txtDownloadUrl).toBeNull()

    const partial = await fetch(`${baseUrl}/api/submit-extraction`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ document_id: uploaded.document_id, selected_categorizations: [] }),
    })
    expect(partial.status).toBe(400)
    expect(await partial.json()).toEqual({ message: 'Please categorize all unique highlights before submitting.' })

    const selected = (ready.extractedColorsJson as string[]).map((hex, i) => ({
      hex,
      category_id: i === 0 ? reference : keyFinding,
      category_name: i === 0 ? 'Reference' : 'Key finding',
    }))
    const submit = () =>
      fetch(`${baseUrl}/api/submit-extraction`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ document_id: uploaded.document_id, selected_categorizations: selected }),
      })
    expect((await submit()).status).toBe(200)
    const second = await submit()
    expect(second.status).toBe(409)
    expect(await second.json()).toEqual({ message: 'Batch has already been submitted.' })

    const done = await waitFor(token, uploaded.document_id, 'completed')
    expect(done.txtDownloadUrl).toMatch(new RegExp(`^https?://[^/]+/documents/${uploaded.document_id}/download/notes\\.txt$`))
    expect(done.docxDownloadUrl).toMatch(/notes\.docx$/)
    expect(done.originalFilename).toBe('pdfjs-comments.pdf')

    const notes = await fetch(`${baseUrl}${new URL(done.txtDownloadUrl).pathname}`, { headers: { Authorization: `Bearer ${token}` } })
    expect(notes.status).toBe(200)
    expect(notes.headers.get('content-disposition')).toContain('pdfjs-comments-notes.txt')
    expect(await notes.text()).toContain('KEY FINDING')

    const list = await getJson(token, '/api/documents?page=1&per_page=10&sort_by=uploaded_at&sort_order=desc')
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ total_documents: 1, total_pages: 1 })
    expect(list.body.documents[0]).toMatchObject({ id: uploaded.document_id, originalFilename: 'pdfjs-comments.pdf', uploadStatus: 'completed' })
  }, 120_000)

  it('answers another user\'s document with 404, and needs a token', async () => {
    const owner = await createUser(db)
    const stranger = await createUser(db)
    const ownerToken = await tokenFor(owner.email, owner.password)
    const strangerToken = await tokenFor(stranger.email, stranger.password)
    const res = await uploadFile(ownerToken, 'pdfjs-highlight.pdf', await corpusFile('pdfjs-highlight.pdf'), { reference_style_id: String(apa.id) })
    const { document_id: id } = (await res.json()) as { document_id: string }
    expect((await getJson(strangerToken, `/api/documents/${id}`)).status).toBe(404)
    expect((await getJson(strangerToken, `/api/documents/${id}`)).body).toEqual({ message: 'Document not found.' })
    const download = await fetch(`${baseUrl}/documents/${id}/download/notes.txt`, { headers: { Authorization: `Bearer ${strangerToken}` } })
    expect(download.status).toBe(404)
    const anonymous = await fetch(`${baseUrl}/api/documents/${id}`)
    expect(anonymous.status).toBe(401)
    expect((await getJson(strangerToken, '/api/documents')).body).toMatchObject({ total_documents: 0, documents: [] })
  })

  it('counts all of the owner\'s documents on every page, and past the last one', async () => {
    const owner = await createUser(db)
    const token = await tokenFor(owner.email, owner.password)
    const batchId = `${Date.now()}-count`
    await db.insertInto('batches').values({ id: batchId, user_id: owner.id, reference_style_id: apa.id }).execute()
    await db
      .insertInto('documents')
      .values(Array.from({ length: 12 }, (_, i) => ({ user_id: owner.id, batch_id: batchId, reference_style_id: apa.id, original_filename: `paper-${i}.pdf`, size_bytes: 1000, upload_status: 'completed' })))
      .execute()
    const second = await getJson(token, '/api/documents?page=2&per_page=10')
    expect(second.body).toMatchObject({ total_documents: 12, total_pages: 2 })
    expect(second.body.documents).toHaveLength(2)
    const past = await getJson(token, '/api/documents?page=3&per_page=10')
    expect(past.body).toMatchObject({ total_documents: 12, total_pages: 2, documents: [] })
  })

  it('gives the spec\'s messages for a bad upload', async () => {
    const owner = await createUser(db)
    const token = await tokenFor(owner.email, owner.password)
    const noStyle = await uploadFile(token, 'a.pdf', await corpusFile('pdfjs-highlight.pdf'), {})
    expect(noStyle.status).toBe(400)
    expect(await noStyle.json()).toEqual({ message: 'Please select a reference style.' })
    const notPdf = await uploadFile(token, 'b.pdf', new TextEncoder().encode('hello'), { reference_style_id: String(apa.id) })
    expect(notPdf.status).toBe(400)
    expect(((await notPdf.json()) as { message: string }).message).toContain('b.pdf is not a PDF')
    const batchId = `${Date.now()}-dup123`
    const first = await uploadFile(token, 'same.pdf', await corpusFile('pdfjs-highlight.pdf'), { reference_style_id: String(apa.id), batch_id: batchId })
    expect(first.status).toBe(201)
    const again = await uploadFile(token, 'same.pdf', await corpusFile('pdfjs-highlight.pdf'), { reference_style_id: String(apa.id), batch_id: batchId })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ message: 'Cannot add duplicate file(s): same.pdf' })
  })

  it('refuses a file over UPLOAD_MAX_MB with 413', async () => {
    const small = await startTestServer({ UPLOAD_MAX_MB: '1' })
    const owner = await createUser(small.db)
    const login = await fetch(`${small.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    })
    const { token } = (await login.json()) as { token: string }
    const big = new Uint8Array(1024 * 1024 + 10)
    big.set(new TextEncoder().encode('%PDF-1.7\n'))
    const form = new FormData()
    form.append('reference_style_id', String(apa.id))
    form.append('pdf_file', new Blob([big], { type: 'application/pdf' }), 'big.pdf')
    const res = await fetch(`${small.baseUrl}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: 'A file is larger than the limit of 1 MB.' })
  })
})
