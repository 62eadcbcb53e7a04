import { describe, expect, it } from 'vitest'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'

// Issue 14, item 6 (the extraction readable and changeable on the detail page) and item 5 (invitation
// codes checked when the page opens), without JavaScript, on a real PDF through the real workers.
const { baseUrl, db } = await startTestServer({}, { workers: true })
const apa = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()

let lastUserId = ''
async function login(): Promise<string> {
  const user = await createUser(db)
  lastUserId = user.id
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: user.email, password: user.password }),
  })
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}

const get = (path: string, cookie: string) => fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { Cookie: cookie } })
const post = (path: string, fields: [string, string][], cookie: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseUrl, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })

async function waitFor(documentId: string, wanted: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const row = await db.selectFrom('documents').select(['upload_status', 'batch_id']).where('id', '=', documentId).executeTakeFirstOrThrow()
    if (row.upload_status === wanted) return row
    if (Date.now() > deadline) throw new Error(`timed out at ${row.upload_status}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const decode = (html: string) => html.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'")

describe('the notes in the app', () => {
  it('shows every highlight with its category, filters them, and regenerates the notes after a change', async () => {
    const cookie = await login()
    const form = new FormData()
    form.append('reference_style_id', String(apa.id))
    form.append('pdf_file', new Blob([new Uint8Array(await corpusFile('pdfminer-simple5.pdf'))], { type: 'application/pdf' }), 'pdfminer-simple5.pdf')
    const uploaded = await fetch(`${baseUrl}/extractor`, { method: 'POST', redirect: 'manual', headers: { Origin: baseUrl, Cookie: cookie }, body: form })
    const batchId = new URL(uploaded.headers.get('location') ?? '', baseUrl).searchParams.get('batch') as string
    const document = await db.selectFrom('documents').select('id').where('batch_id', '=', batchId).executeTakeFirstOrThrow()
    await waitFor(document.id, 'raw_annotations_inserted')

    // Waiting for its colours: the detail page already shows the highlights, with the way back.
    const waiting = decode(await (await get(`/past-extractions/${document.id}`, cookie)).text())
    expect(waiting).toContain('Your highlights and comments')
    expect(waiting).toContain('Finish categorizing')

    const page = decode(await (await get(`/extractor?batch=${batchId}`, cookie)).text())
    const colors = [...page.matchAll(/name="color_([0-9a-f]{6})"/g)].map((m) => m[1])
    const [keyFinding, method] = await db.selectFrom('color_categories').select(['id', 'name']).orderBy('sort_order').execute()
    const fields: [string, string][] = [['batch_id', batchId], ...colors.map((hex): [string, string] => [`color_${hex}`, String(keyFinding.id)])]
    expect((await post(`/extractor?batch=${batchId}`, fields, cookie)).status).toBe(302)
    await waitFor(document.id, 'completed')

    const highlights = await db
      .selectFrom('annotations')
      .select(['id', 'text', 'page', 'page_label'])
      .where('document_id', '=', document.id)
      .where('type', '=', 'highlight')
      .orderBy('position')
      .execute()
    expect(highlights.length).toBeGreaterThan(0)
    const html = decode(await (await get(`/past-extractions/${document.id}`, cookie)).text())
    for (const h of highlights) if (h.text) expect(html).toContain(h.text.slice(0, 40))
    expect(html).toContain(keyFinding.name)
    expect(html).toContain(`action="/past-extractions/${document.id}#notes-title"`)

    // Search: only the highlights with the words.
    const long = highlights.find((h) => h.text && h.text.length > 8)?.text ?? ''
    const word = long.split(/\s+/).find((w) => w.length > 4) as string
    const searched = decode(await (await get(`/past-extractions/${document.id}?q=${encodeURIComponent(word)}`, cookie)).text())
    const shown = highlights.filter((h) => (h.text ?? '').toLowerCase().includes(word.toLowerCase())).length
    expect(searched).toMatch(new RegExp(`${shown} of \\d+ shown`))

    // One highlight becomes a Method: the downloads are generated again and the notes say so.
    const before = await (await get(`/documents/${document.id}/download/notes.txt`, cookie)).text()
    expect(before).not.toMatch(new RegExp(method.name, 'i'))
    const changed = await post(`/past-extractions/${document.id}`, [['intent', 'recategorize'], ['annotation_id', String(highlights[0].id)], ['category_id', String(method.id)]], cookie)
    expect(changed.status).toBe(302)
    expect(changed.headers.get('location')).toBe(`/past-extractions/${document.id}?changed=1#notes-title`)
    const regenerating = decode(await (await get(`/past-extractions/${document.id}?changed=1`, cookie)).text())
    expect(regenerating).toContain('Category changed.')
    await waitFor(document.id, 'completed')
    const after = await (await get(`/documents/${document.id}/download/notes.txt`, cookie)).text()
    expect(after).toMatch(new RegExp(method.name, 'i'))

    // Another user's document, or a document still waiting, cannot be changed.
    const stranger = await login()
    const refused = await post(`/past-extractions/${document.id}`, [['intent', 'recategorize'], ['annotation_id', String(highlights[0].id)], ['category_id', String(method.id)]], stranger)
    expect(refused.status).toBe(404)
  }, 200_000)

  it('refreshes a page reached at a fragment by its URL without it (no JavaScript)', async () => {
    const cookie = await login()
    const form = new FormData()
    form.append('reference_style_id', String(apa.id))
    form.append('pdf_file', new Blob([new Uint8Array(await corpusFile('pdfjs-issue7014.pdf'))], { type: 'application/pdf' }), 'pdfjs-issue7014.pdf')
    const uploaded = await fetch(`${baseUrl}/extractor`, { method: 'POST', redirect: 'manual', headers: { Origin: baseUrl, Cookie: cookie }, body: form })
    const location = uploaded.headers.get('location') as string
    const html = await (await get(location, cookie)).text()
    if (html.includes('http-equiv')) expect(decode(html)).toContain(`content="2;url=${location}"`)
  })

  it('applies a saved colour to its near shades, and a new choice updates that shade instead of adding one', async () => {
    const cookie = await login()
    const user = { id: lastUserId }
    const form = new FormData()
    form.append('reference_style_id', String(apa.id))
    form.append('pdf_file', new Blob([new Uint8Array(await corpusFile('pdfminer-simple5.pdf'))], { type: 'application/pdf' }), 'pdfminer-simple5.pdf')
    const uploaded = await fetch(`${baseUrl}/extractor`, { method: 'POST', redirect: 'manual', headers: { Origin: baseUrl, Cookie: cookie }, body: form })
    const batchId = new URL(uploaded.headers.get('location') ?? '', baseUrl).searchParams.get('batch') as string
    const document = await db.selectFrom('documents').select('id').where('batch_id', '=', batchId).executeTakeFirstOrThrow()
    await waitFor(document.id, 'raw_annotations_inserted')
    const page = decode(await (await get(`/extractor?batch=${batchId}`, cookie)).text())
    const colors = [...page.matchAll(/name="color_([0-9a-f]{6})"/g)].map((m) => `#${m[1]}`)
    // A shade one step away from the first colour (ΔE well under 10), saved as Method.
    const first = colors[0]
    const near = `#${(Number.parseInt(first.slice(1), 16) ^ 1).toString(16).padStart(6, '0')}`
    const [keyFinding, method] = await db.selectFrom('color_categories').select(['id', 'name']).orderBy('sort_order').execute()
    await db.insertInto('user_color_preferences').values({ user_id: user.id, hex: near, category_id: method.id }).execute()
    const prefilled = decode(await (await get(`/extractor?batch=${batchId}`, cookie)).text())
    const select = new RegExp(`<select[^>]*id="color_${first.slice(1)}"[^>]*>(.*?)</select>`).exec(prefilled)?.[1] ?? ''
    expect(select).toContain(`<option value="${method.id}" selected="">`)
    // Color names beside hex codes.
    expect(prefilled.replaceAll('<!-- -->', '')).toMatch(new RegExp(`Category for colour ${first}\\s*<span class="color-name">· [a-z ]+</span>`))

    const fields: [string, string][] = [['batch_id', batchId], ...colors.map((hex): [string, string] => [`color_${hex.slice(1)}`, String(keyFinding.id)])]
    expect((await post(`/extractor?batch=${batchId}`, fields, cookie)).status).toBe(302)
    const saved = await db.selectFrom('user_color_preferences').select(['hex', 'category_id']).where('user_id', '=', user.id).execute()
    expect(saved.find((p) => p.hex === first)).toBeUndefined()
    expect(saved.find((p) => p.hex === near)?.category_id).toBe(keyFinding.id)
    expect(saved).toHaveLength(colors.length)
  }, 120_000)

  it('says a used or unknown invitation code is refused when the register page opens', async () => {
    const unknown = await (await fetch(`${baseUrl}/register?code=no-such-code`)).text()
    expect(decode(unknown)).toContain('This invitation code is not valid.')
    expect(unknown).not.toContain('name="password"')
  })
})
