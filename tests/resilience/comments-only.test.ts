import { describe, expect, it } from 'vitest'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'
import { rawRequest, signIn } from './http.ts'

// A PDF with comments (FreeText notes) but no highlights: its categorization has no colours, and
// submitting it must move it on to its downloads (its comments are its notes), by page and by API.
const { baseUrl, db } = await startTestServer({}, { workers: true })
const apa = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
const COMMENTS_ONLY = ['pdfjs-freetexts.pdf', 'pdfannots-FreeText-annotation.pdf']

async function statusOf(id: string) {
  const row = await db.selectFrom('documents').select(['upload_status', 'status_message', 'txt_key']).where('id', '=', id).executeTakeFirstOrThrow()
  return row
}

async function waitFor(id: string, wanted: (status: string) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const row = await statusOf(id)
    if (wanted(row.upload_status)) return row
    if (Date.now() > deadline) throw new Error(`document ${id} is still ${row.upload_status} (${row.status_message ?? ''})`)
    await new Promise((r) => setTimeout(r, 150))
  }
}

function form(fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  for (const file of files) body.append('pdf_file', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name)
  return body
}

describe('a PDF with comments but no highlights', () => {
  it('goes on to its downloads by API (submit-extraction with no categorizations)', async () => {
    const user = await createUser(db)
    const { token } = await signIn(baseUrl, user.email, user.password)
    const name = COMMENTS_ONLY[0] as string
    const upload = await fetch(`${baseUrl}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form({ reference_style_id: String(apa.id) }, [{ name, bytes: await corpusFile(name) }]),
    })
    expect(upload.status).toBe(201)
    const { document_id: documentId } = (await upload.json()) as { document_id: string }
    await waitFor(documentId, (s) => s === 'raw_annotations_inserted')
    const detail = (await (await fetch(`${baseUrl}/api/documents/${documentId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      extractedColorsJson: string[]
      highlights: { type: string }[]
    }
    expect(detail.extractedColorsJson).toEqual([])
    expect(detail.highlights.length).toBeGreaterThan(0)

    const submit = await rawRequest(baseUrl, 'POST', '/api/submit-extraction', {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ document_id: documentId, selected_categorizations: [] }),
    })
    expect(submit.status, submit.body).toBe(200)
    const done = await waitFor(documentId, (s) => s === 'completed' || s === 'failed')
    expect(done.upload_status).toBe('completed')
    const notes = await rawRequest(baseUrl, 'GET', `/documents/${documentId}/download/notes.txt`, { headers: { Authorization: `Bearer ${token}` } })
    expect(notes.status).toBe(200)
    expect(notes.body).toContain('Hello World')
  })

  it('goes on to its downloads by page (the categorization form with no colours)', async () => {
    const user = await createUser(db)
    const { cookie } = await signIn(baseUrl, user.email, user.password)
    const batchId = `${Date.now()}-comments`
    const files = await Promise.all(COMMENTS_ONLY.map(async (name) => ({ name, bytes: await corpusFile(name) })))
    const upload = await fetch(`${baseUrl}/extractor`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: baseUrl },
      body: form({ reference_style_id: String(apa.id), batch_id: batchId }, files),
      redirect: 'manual',
    })
    expect(upload.status).toBe(302)
    const documents = await db.selectFrom('documents').select('id').where('batch_id', '=', batchId).execute()
    expect(documents).toHaveLength(2)
    for (const d of documents) await waitFor(d.id, (s) => s === 'raw_annotations_inserted')

    const page = await rawRequest(baseUrl, 'GET', `/extractor?batch=${batchId}`, { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    expect(page.body).toContain('name="batch_id"')

    // What the form sends with JavaScript off: only the batch (there are no colours to choose for).
    const submit = await rawRequest(baseUrl, 'POST', '/extractor', {
      headers: { Cookie: cookie, Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'categorize', batch_id: batchId }).toString(),
    })
    expect(submit.status, submit.body.slice(0, 300)).toBe(302)
    expect(submit.headers.location).toBe(`/extractor?batch=${batchId}`)
    for (const d of documents) expect((await waitFor(d.id, (s) => s === 'completed' || s === 'failed')).upload_status).toBe('completed')
    const after = await rawRequest(baseUrl, 'GET', `/extractor?batch=${batchId}`, { headers: { Cookie: cookie } })
    expect(after.body).toContain('id="downloads"')
    expect(after.body).toContain(`/documents/${documents[0]?.id}/download/notes.txt`)
  })
})
