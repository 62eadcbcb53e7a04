import { describe, expect, it } from 'vitest'
import { createInvitation } from '#tests/helpers/accounts.ts'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'

// Issue 14, items 1–4, as a browser without JavaScript walks them (plain form posts, cookies, redirects),
// with real corpus PDFs through the real queue and workers.
const { baseUrl, db } = await startTestServer({}, { workers: true })
const apa = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()

async function login(): Promise<{ cookie: string; id: string }> {
  const user = await createUser(db)
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: user.email, password: user.password }),
  })
  expect(res.status).toBe(302)
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0], id: user.id }
}

const get = (path: string, cookie: string) => fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { Cookie: cookie } })

function post(path: string, fields: [string, string][], cookie: string) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseUrl, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

function uploadForm(files: { name: string; bytes: Uint8Array }[]): FormData {
  const form = new FormData()
  form.append('reference_style_id', String(apa.id))
  for (const file of files) form.append('pdf_file', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name)
  return form
}

async function waitFor(batchId: string, wanted: (status: string) => boolean, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await db.selectFrom('documents').select(['id', 'original_filename', 'upload_status', 'status_message']).where('batch_id', '=', batchId).execute()
    if (rows.length > 0 && rows.every((r) => wanted(r.upload_status))) return rows
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(rows)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const decode = (html: string) => html.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'")

describe('the journey without dead ends (no JavaScript)', () => {
  it('keeps the good files of a mixed batch, resumes it from every page, keeps the choices of a refused categorization', async () => {
    const { cookie } = await login()
    const notPdf = new TextEncoder().encode('This is a text file renamed to .pdf, not a PDF.\n')
    const res = await fetch(`${baseUrl}/extractor`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: baseUrl, Cookie: cookie },
      body: uploadForm([
        { name: 'pdfminer-simple5.pdf', bytes: await corpusFile('pdfminer-simple5.pdf') },
        { name: 'renamed.pdf', bytes: notPdf },
        { name: 'pdfjs-issue7014.pdf', bytes: await corpusFile('pdfjs-issue7014.pdf') },
      ]),
    })
    // Item 4: the good files go through, the refused one is named with the server's sentence.
    expect(res.status).toBe(302)
    const location = res.headers.get('location') ?? ''
    expect(location).toMatch(/^\/extractor\?batch=[\w-]+&refused=notPdf%3Arenamed\.pdf$/)
    const batchId = new URL(location, baseUrl).searchParams.get('batch') as string
    const batchPage = decode(await (await get(location, cookie)).text())
    expect(batchPage).toContain('renamed.pdf is not a PDF file. Please upload the PDF of the paper.')
    const rows = await waitFor(batchId, (s) => s === 'raw_annotations_inserted')
    expect(rows.map((r) => r.original_filename).sort()).toEqual(['pdfjs-issue7014.pdf', 'pdfminer-simple5.pdf'])

    // Item 1: the researcher left; every page leads back to the colour section.
    const resume = `/extractor?batch=${batchId}#categorize-title`
    for (const path of ['/dashboard', '/extractor', '/past-extractions', `/past-extractions/${rows[0].id}`]) {
      const html = decode(await (await get(path, cookie)).text())
      expect(html, path).toContain('Finish categorizing')
      expect(html, path).toContain(`href="${resume}"`)
      expect(html, path).not.toContain('This document is still processing')
    }

    // Item 3: one colour left blank keeps the other choices, lands at the section, marks and names the missing colour.
    const page = decode(await (await get(`/extractor?batch=${batchId}`, cookie)).text())
    expect(page).toContain(`action="/extractor?batch=${batchId}#categorize-title"`)
    const colors = [...page.matchAll(/name="color_([0-9a-f]{6})"/g)].map((m) => m[1])
    expect(colors.length).toBeGreaterThan(1)
    const categories = await db.selectFrom('color_categories').select(['id', 'name']).orderBy('sort_order').execute()
    const fields: [string, string][] = [['intent', 'categorize'], ['batch_id', batchId]]
    colors.slice(1).forEach((hex) => fields.push([`color_${hex}`, String(categories[1].id)]))
    fields.push([`color_${colors[0]}`, ''])
    const refused = await post(`/extractor?batch=${batchId}`, fields, cookie)
    expect(refused.status).toBe(400)
    const html = decode(await refused.text())
    expect(html).toContain('Please categorize all unique highlights before submitting.')
    expect(html).toMatch(new RegExp(`Still without a category: [a-z ]+ \\(#${colors[0]}\\)\\.`))
    expect(html).toMatch(new RegExp(`<select[^>]*id="color_${colors[0]}"[^>]*aria-invalid="true"`))
    for (const hex of colors.slice(1)) {
      const select = new RegExp(`<select[^>]*id="color_${hex}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? ''
      expect(select).toContain(`<option value="${categories[1].id}" selected="">`)
    }

    // Finished: the batch leaves the lists; a second submit from a stale tab is told so.
    fields.pop()
    fields.push([`color_${colors[0]}`, String(categories[0].id)])
    expect((await post(`/extractor?batch=${batchId}`, fields, cookie)).status).toBe(302)
    const again = await post(`/extractor?batch=${batchId}`, fields, cookie)
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('Batch has already been submitted.')
    expect(await (await get('/dashboard', cookie)).text()).not.toContain('Finish categorizing')
  }, 180_000)

  it('answers a document or batch that is not there (or not yours) with 404, the reason and the way back', async () => {
    const { cookie } = await login()
    for (const [path, reason] of [
      [`/past-extractions/${crypto.randomUUID()}`, 'Document not found.'],
      ['/batches/no-such-batch', 'Batch not found'],
    ]) {
      const res = await get(path, cookie)
      expect(res.status, path).toBe(404)
      const html = await res.text()
      expect(html, path).toContain(`<h1>${reason}</h1>`)
      expect(html, path).toMatch(/<a href="\/past-extractions"[^>]*>.*Back to past extractions<\/a>/)
    }
  })

  it('tells what went wrong and what to do on a failed document’s page', async () => {
    const { cookie } = await login()
    // A real PDF cut short: it passes the signature check, and the engine cannot read it.
    const whole = await corpusFile('pdfminer-simple5.pdf')
    const res = await fetch(`${baseUrl}/extractor`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: baseUrl, Cookie: cookie },
      body: uploadForm([{ name: 'broken.pdf', bytes: whole.subarray(0, 300) }]),
    })
    expect(res.status).toBe(302)
    const batchId = new URL(res.headers.get('location') ?? '', baseUrl).searchParams.get('batch') as string
    const [row] = await waitFor(batchId, (s) => s === 'failed' || s === 'error' || s.endsWith('_timeout'))
    expect(row.status_message).toBeTruthy()
    const html = decode(await (await get(`/past-extractions/${row.id}`, cookie)).text())
    expect(html).not.toContain('This document is still processing')
    expect(html).toContain('This document could not be processed')
    expect(html).toContain(row.status_message as string)
    expect(html).toContain('What you can do: upload the PDF again.')
    expect(html).toContain('href="/extractor"')
    // A batch whose every document failed has nothing left to categorize.
    expect(await (await get('/dashboard', cookie)).text()).not.toContain('Finish categorizing')
  }, 120_000)

  it('answers the JavaScript upload with the reason beside the server’s sentence', async () => {
    const { cookie } = await login()
    const form = new FormData()
    form.append('reference_style_id', String(apa.id))
    form.append('batch_id', `${Date.now()}-journey`)
    form.append('pdf_file', new Blob(['not a pdf at all'], { type: 'application/pdf' }), 'notes.pdf')
    const res = await fetch(`${baseUrl}/extractor/upload`, { method: 'POST', headers: { Origin: baseUrl, Cookie: cookie }, body: form })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'notes.pdf is not a PDF file. Please upload the PDF of the paper.', reason: 'upload.error.notPdf' })
  })

  it('lands each account-settings form at its own section', async () => {
    const { cookie } = await login()
    const html = decode(await (await get('/account-settings', cookie)).text())
    for (const section of ['profile-heading', 'password-heading', 'preferences-heading']) expect(html).toContain(`action="/account-settings#${section}"`)
    const res = await post('/account-settings', [['_form', 'profile'], ['firstName', 'Ada'], ['lastName', '']], cookie)
    expect(res.status).toBe(400)
    expect(decode(await res.text())).toContain('action="/account-settings#profile-heading"')
  })

  it('puts each password rule failure on its own line', async () => {
    const code = await createInvitation(db)
    const res = await fetch(`${baseUrl}/register?code=${code}`, {
      method: 'POST',
      headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ invitation_code: code, email: 'lines@example.org', first_name: 'Ida', last_name: 'Noddack', password: 'abc' }),
    })
    expect(res.status).toBe(400)
    const html = await res.text()
    const errors = /<p id="[^"]*password[^"]*-error" class="field-error">(.*?)<\/p>/.exec(html)?.[1] ?? ''
    expect(errors.match(/<span style="display:block">/g)?.length ?? 0).toBeGreaterThan(1)
  })
})
