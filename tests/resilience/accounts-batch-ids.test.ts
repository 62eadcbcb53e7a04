import { describe, expect, it } from 'vitest'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'

// Item 12 of issue 10: another user's batch id must answer exactly like an unused one, by page and by
// API, so a batch id says nothing about other users (batch ids are scoped to their owner).
const { baseUrl, db } = await startTestServer()
const apa = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
const pdf = await corpusFile('pdfjs-highlight.pdf')

async function apiToken(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })
  return ((await res.json()) as { token: string }).token
}

async function cookie(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
    body: new URLSearchParams({ email, password }),
  })
  expect(res.status).toBe(302)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}

function uploadForm(batchId: string): FormData {
  const form = new FormData()
  form.append('reference_style_id', String(apa.id))
  form.append('batch_id', batchId)
  form.append('pdf_file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'paper.pdf')
  return form
}

/** Status, the headers that matter and the body, with what must differ (the batch ids tried, new document ids, CSP nonces) made equal. */
async function answer(res: Response, ids: string[]) {
  let body = await res.text()
  for (const id of ids) body = body.replaceAll(id, '<batch>').replaceAll(encodeURIComponent(id), '<batch>')
  body = body.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
  const location = res.headers.get('location')
  return { status: res.status, type: res.headers.get('content-type'), location: location && ids.reduce((l, id) => l.replaceAll(encodeURIComponent(id), '<batch>'), location), body }
}

/** Another user's batch (already submitted, to tempt a "submitted" answer) and a fresh unused id. */
async function foreignAndUnused() {
  const owner = await createUser(db)
  const suffix = Math.random().toString(36).slice(2, 10)
  const foreign = `${Date.now()}-a${suffix}`
  await db.insertInto('batches').values({ id: foreign, user_id: owner.id, reference_style_id: apa.id, submitted_at: new Date() }).execute()
  return { owner, foreign, unused: `${Date.now()}-b${suffix}` }
}

describe('another user\'s batch id answers like an unused one', () => {
  it('by API: the upload (POST /api/upload)', async () => {
    const { owner, foreign, unused } = await foreignAndUnused()
    const other = await createUser(db)
    const token = await apiToken(other.email, other.password)
    const upload = (batchId: string) => fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: uploadForm(batchId) })
    const onForeign = await answer(await upload(foreign), [foreign, unused])
    const onUnused = await answer(await upload(unused), [foreign, unused])
    expect(onForeign).toEqual(onUnused)
    expect(onUnused.status).toBe(201)
    // The owner's batch is untouched: the other user's documents went into their own batch.
    const owners = await db.selectFrom('documents').select('id').where('user_id', '=', owner.id).execute()
    expect(owners).toEqual([])
    const theirs = await db.selectFrom('documents').select('batch_id').where('user_id', '=', other.id).orderBy('batch_id').execute()
    expect(theirs.map((d) => d.batch_id)).toEqual([foreign, unused].sort())
  })

  it('by page: the upload with and without JavaScript, the batch view and the categorization submit', async () => {
    const { foreign, unused } = await foreignAndUnused()
    const other = await createUser(db)
    const session = await cookie(other.email, other.password)
    const headers = { Cookie: session, Origin: baseUrl }
    const ids = [foreign, unused]

    // The batch view, before anything was uploaded.
    const view = async (batchId: string) => answer(await fetch(`${baseUrl}/extractor?batch=${encodeURIComponent(batchId)}`, { headers }), ids)
    const viewForeign = await view(foreign)
    expect(viewForeign).toEqual(await view(unused))
    expect(viewForeign.status).toBe(200)

    // The categorization submit of a batch (no documents of this user in either).
    const submit = async (batchId: string) =>
      answer(
        await fetch(`${baseUrl}/extractor`, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ batch_id: batchId, color_ffff00: '1' }),
        }),
        ids,
      )
    expect(await submit(foreign)).toEqual(await submit(unused))

    // The upload with JavaScript (JSON answer) …
    const jsUpload = async (batchId: string) =>
      answer(await fetch(`${baseUrl}/extractor/upload`, { method: 'POST', headers, body: uploadForm(batchId) }), ids)
    const jsForeign = await jsUpload(foreign)
    expect(jsForeign).toEqual(await jsUpload(unused))
    expect(jsForeign.status).toBe(200)

    // … and without (the form post redirects to the batch), into fresh ids of each kind.
    const again = await foreignAndUnused()
    const formUpload = async (batchId: string) =>
      answer(await fetch(`${baseUrl}/extractor`, { method: 'POST', redirect: 'manual', headers, body: uploadForm(batchId) }), [again.foreign, again.unused])
    const formForeign = await formUpload(again.foreign)
    expect(formForeign).toEqual(await formUpload(again.unused))
    expect(formForeign.status).toBe(302)
    expect(formForeign.location).toBe('/extractor?batch=<batch>')

    // Afterwards each batch view shows this user's own upload, alike.
    expect(await view(foreign)).toEqual(await view(unused))
  })
})
