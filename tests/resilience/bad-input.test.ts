import { describe, expect, it } from 'vitest'
import { loadConfig } from '#app/server/config.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { createStorage } from '#app/server/storage.server.ts'
import { createDb } from '#db/client.ts'
import { findFreePort } from '#db/embedded.ts'
import { startWeb } from '#server/web.ts'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { insertDocument } from '#tests/helpers/documents.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'
import { isJson, rawRequest, signIn, type RawResponse } from './http.ts'

// The bad-input list of issue 10: each answers a clear 4xx (JSON `{ message }` under /api, the
// page's own message on pages), never a 5xx.
const { baseUrl, db } = await startTestServer()
const user = await createUser(db)
const { cookie, token } = await signIn(baseUrl, user.email, user.password)
const { id: documentId, batchId } = await insertDocument(db, user.id)
const apa = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
const pdf = await corpusFile('pdfannots-FreeText-annotation.pdf')

const page = (method: string, path: string, body?: string, type = 'application/x-www-form-urlencoded') =>
  rawRequest(baseUrl, method, path, { headers: { Cookie: cookie, Origin: baseUrl, ...(body !== undefined ? { 'Content-Type': type } : {}) }, body })
const api = (method: string, path: string, body?: unknown) =>
  rawRequest(baseUrl, method, path, {
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })

function expectJsonError(res: RawResponse, status: number, message?: string | RegExp) {
  expect(res.status, res.body.slice(0, 200)).toBe(status)
  expect(isJson(res), res.body.slice(0, 200)).toBe(true)
  const body = JSON.parse(res.body) as { message: unknown }
  expect(body.message).toEqual(expect.any(String))
  if (message) expect(body.message).toMatch(message)
}

/** A multipart body written by hand, so that it can break the rules a browser keeps. */
function multipart(parts: { headers: string[]; body: string | Buffer }[], boundary = 'resilience-boundary') {
  const chunks: Buffer[] = []
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers.join('\r\n')}\r\n\r\n`))
    chunks.push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` }
}
const field = (name: string, value: string) => ({ headers: [`Content-Disposition: form-data; name="${name}"`], body: value })
const pdfPart = (name = 'paper.pdf', extraHeaders: string[] = []) => ({
  headers: [`Content-Disposition: form-data; name="pdf_file"; filename="${name}"`, 'Content-Type: application/pdf', ...extraHeaders],
  body: pdf,
})

async function upload(target: 'api' | 'page', form: { body: Buffer; type: string }) {
  const headers: Record<string, string> =
    target === 'api'
      ? { Authorization: `Bearer ${token}`, 'Content-Type': form.type }
      : { Cookie: cookie, Origin: baseUrl, 'Content-Type': form.type }
  return rawRequest(baseUrl, 'POST', target === 'api' ? '/api/upload' : '/extractor', { headers, body: form.body })
}

describe('ids that are not ids', () => {
  it.each(['not-a-uuid', '99999999999', '------------------------------------', `${documentId.slice(0, -1)}z`])(
    'a download URL with %s is a JSON 404',
    async (id) => {
      expectJsonError(await page('GET', `/documents/${id}/download/notes.txt`), 404, 'Document not found.')
      expectJsonError(await api('GET', `/documents/${id}/download/notes.txt`), 404, 'Document not found.')
    },
  )

  it.each(['not-a-uuid', '99999999999', '------------------------------------'])('a detail URL with %s is a 404 with the page message', async (id) => {
    const res = await page('GET', `/past-extractions/${id}`)
    expect(res.status).toBe(404)
    expect(res.body).toContain('Document not found.')
    expectJsonError(await api('GET', `/api/documents/${id}`), 404, 'Document not found.')
  })

  it('a real id of a document without files is still a plain 404', async () => {
    expectJsonError(await api('GET', `/documents/${documentId}/download/notes.txt`), 404)
  })
})

describe('page numbers and other query values', () => {
  it.each(['1e300', '99999999999999999999', '-1', 'NaN', '1.5', '%00'])('?page=%s answers the first page', async (value) => {
    const list = await api('GET', `/api/documents?page=${value}&per_page=${value}`)
    expect(list.status).toBe(200)
    expect(JSON.parse(list.body)).toMatchObject({ page: 1, per_page: 10 })
    expect((await page('GET', `/past-extractions?page=${value}&sort_by=${value}&sort_order=${value}`)).status).toBe(200)
  })

  it.each(['%00', 'x'.repeat(500), "1234567890-aa'", '99999999999'])('?batch=%s shows the upload page', async (value) => {
    expect((await page('GET', `/extractor?batch=${encodeURIComponent(value)}`)).status).toBe(200)
  })

  it('a live status stream with a huge Last-Event-ID still opens', async () => {
    const res = await rawRequest(baseUrl, 'GET', '/extractor/events?lastEventId=1e300', {
      headers: { Cookie: cookie, 'Last-Event-ID': '99999999999999999999999' },
    })
    expect(res.status).toBe(200)
  })
})

describe('NUL bytes in text', () => {
  it('are removed from JSON fields before they reach PostgreSQL', async () => {
    const res = await api('PUT', '/api/account/details', {
      title: null,
      firstName: 'A\u0000da',
      lastName: 'Love\u0000lace',
      organization: 'Analytical\u0000 Society',
      researchField: null,
    })
    expect(res.status, res.body).toBeLessThan(500)
    const row = await db.selectFrom('users').select(['first_name', 'organization']).where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(row.first_name).not.toContain('\u0000')
    expect(row.organization).not.toContain('\u0000')
  })

  it.each([
    ['/api/login', { email: 'a\u0000@example.org', password: 'x\u0000y' }],
    ['/api/register', { email: 'n\u0000ul@example.org', password: 'Correct-Horse1!\u0000', invitation_code: '\u0000', first_name: '\u0000' }],
    ['/api/request-password-reset', { email: 'nul\u0000@example.org' }],
    ['/api/reset-password', { token: '\u0000', newPassword: 'Correct-Horse1!', confirmPassword: 'Correct-Horse1!' }],
    ['/api/subscribe-updates', { firstName: 'N\u0000', email: 'sub\u0000@example.org', marketingConsent: true }],
    ['/api/submit-extraction', { document_id: documentId, selected_categorizations: [{ hex: '#ffffff', category_id: 1, category_name: '\u0000' }] }],
  ])('POST %s with NUL answers 4xx/2xx JSON', async (path, body) => {
    const res = await rawRequest(baseUrl, 'POST', path, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    expect(res.status, res.body).toBeLessThan(500)
    expect(isJson(res)).toBe(true)
  })

  it.each([
    ['/login', 'email=a%00%40example.org&password=x%00'],
    ['/register', 'email=n%00ul%40example.org&first_name=%00&invitation_code=%00&password=x'],
    ['/request-password-reset', 'email=nul%00%40example.org'],
    ['/reset-password/abc%00', 'newPassword=x%00&confirmPassword=x%00'],
    ['/subscribe', 'firstName=%00&email=sub%00%40example.org'],
    ['/language', 'code=e%00n&redirectTo=%2Fsupport%00'],
    ['/account-settings', 'intent=profile&firstName=%00&lastName=%00&organization=%00'],
    ['/extractor', `batch_id=${batchId}%00&color_ffffff=1%00`],
  ])('a form posted to %s with NUL is answered without a 5xx', async (path, body) => {
    const res = await page('POST', path, body)
    expect(res.status, res.body.slice(0, 300)).toBeLessThan(500)
  })

  it('a multipart form with NUL to a page is answered without a 5xx', async () => {
    const form = multipart([field('email', 'a\u0000@example.org'), field('password', 'x\u0000')])
    const res = await page('POST', '/login', form.body.toString('latin1'), form.type)
    expect(res.status).toBeLessThan(500)
  })
})

describe('uploads that break the rules', () => {
  it.each(['api', 'page'] as const)('more than 50 parts (%s) → 413 with a message', async (target) => {
    const parts = [field('reference_style_id', String(apa.id)), ...Array.from({ length: 60 }, (_, i) => field(`f${i}`, 'x')), pdfPart()]
    const res = await upload(target, multipart(parts))
    expect(res.status).toBe(413)
    if (target === 'api') expectJsonError(res, 413, /too many parts/)
    else expect(res.body).toContain('too many parts')
  })

  it.each(['api', 'page'] as const)('an oversized part header (%s) → 400', async (target) => {
    const res = await upload(target, multipart([field('reference_style_id', String(apa.id)), pdfPart('paper.pdf', [`X-Padding: ${'a'.repeat(20_000)}`])]))
    expect(res.status).toBe(400)
    if (target === 'api') expectJsonError(res, 400, 'The upload could not be read. Please try again.')
    else expect(res.body).toContain('The upload could not be read. Please try again.')
  })

  it.each(['api', 'page'] as const)('a nested multipart part (%s) → 400', async (target) => {
    const inner = multipart([pdfPart('inner.pdf')], 'inner-boundary')
    const nested = {
      headers: ['Content-Disposition: form-data; name="pdf_file"; filename="outer.pdf"', `Content-Type: multipart/mixed; boundary=inner-boundary`],
      body: inner.body,
    }
    const res = await upload(target, multipart([field('reference_style_id', String(apa.id)), nested]))
    expect(res.status).toBe(400)
    if (target === 'api') expectJsonError(res, 400, /files inside files/)
  })

  it('a broken multipart body → 400', async () => {
    const res = await upload('api', { body: Buffer.from('--nope\r\nrubbish'), type: 'multipart/form-data; boundary=resilience-boundary' })
    expectJsonError(res, 400)
    const noBoundary = await upload('api', { body: Buffer.from('x'), type: 'multipart/form-data' })
    expectJsonError(noBoundary, 400)
  })

  it.each(['99999999999', '999999', '-1', '1e300', 'abc', '%00'])('a reference style id %s that does not exist → 400', async (styleId) => {
    const form = multipart([field('reference_style_id', styleId), pdfPart()])
    expectJsonError(await upload('api', form), 400, 'Please select a reference style.')
    const res = await upload('page', form)
    expect(res.status).toBe(400)
    expect(res.body).toContain('Please select a reference style.')
  })

  it('style and category ids past the integer range are 400 everywhere', async () => {
    expectJsonError(await api('PUT', '/api/account/preferences', { defaultReferenceLanguageId: 99999999999 }), 400)
    expectJsonError(
      await api('PUT', '/api/account/preferences', { preferredColorsCategorization: [{ hex: '#ffffff', category_id: 99999999999 }] }),
      400,
    )
    expectJsonError(
      await api('POST', '/api/submit-extraction', { document_id: documentId, selected_categorizations: [{ hex: '#ffffff', category_id: 99999999999 }] }),
      400,
    )
    const res = await page('POST', '/extractor', `batch_id=${batchId}&color_ffffff=99999999999`)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })
})

describe('methods and bodies a page cannot take', () => {
  it.each(['DELETE', 'TRACE', 'PUT', 'PATCH', 'OPTIONS', 'PROPFIND'])('%s on pages → 405', async (method) => {
    for (const path of ['/', '/support', '/dashboard', '/login', `/past-extractions/${documentId}`]) {
      const res = await page(method, path)
      expect(res.status, `${method} ${path}`).toBe(405)
      expect(res.headers.allow).toMatch(/^GET, HEAD/)
    }
  })

  it('a page post that is not a form → 415 with a message', async () => {
    for (const path of ['/login', '/language', '/register']) {
      const res = await page('POST', path, '{"email":"a@b.c"}', 'text/plain')
      expect(res.status).toBe(415)
      expect(res.body).toContain('Please send the form as a form')
    }
  })

  it('JSON that is not an object is a JSON 400', async () => {
    for (const body of ['[]', 'null', '"x"', '{', '{"email": {"$gt": ""}}']) {
      expectJsonError(await api('POST', '/api/login', body), 400)
    }
  })
})

describe('an error nobody caught under /api', () => {
  it('is still JSON { message } (here: the database is unreachable)', async () => {
    const deadPort = await findFreePort()
    const deadUrl = `postgres://nobody@127.0.0.1:${deadPort}/none`
    const deadDb = createDb(deadUrl, { max: 1 })
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' })
    const services = { db: deadDb, databaseUrl: deadUrl, boss: null as never, config, logger: createLogger('silent'), storage: createStorage(config.storage) }
    const web = await startWeb(services)
    const address = web.server.address()
    const dead = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    try {
      for (const [method, path, body] of [
        ['GET', '/api/documents', undefined],
        ['GET', '/api/account/details', undefined],
        ['PUT', '/api/account/preferences', '{}'],
        ['POST', '/api/login', '{"email":"a@example.org","password":"x"}'],
      ] as const) {
        const res = await rawRequest(dead, method, path, {
          headers: { Authorization: 'Bearer not-a-token', 'Content-Type': 'application/json' },
          body,
        })
        expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(500)
        expect(isJson(res), `${method} ${path}: ${res.body.slice(0, 100)}`).toBe(true)
        expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) })
      }
    } finally {
      await web.close()
      await deadDb.destroy()
    }
  })
})
