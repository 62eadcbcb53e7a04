import { describe, expect, it } from 'vitest'
import { insertDocument } from '#tests/helpers/documents.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'
import { inParallel, isJson, rawRequest, signIn, type RawResponse } from './http.ts'
import { routePaths } from './route-paths.ts'

// Every route of app/routes.ts × every method, anonymous and signed in: no 5xx, the process lives on.
const { baseUrl, db } = await startTestServer()
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND']

const user = await createUser(db)
const { id: documentId } = await insertDocument(db, user.id)
const identities = {
  anonymous: {} as Record<string, string>,
  signedIn: await signIn(baseUrl, user.email, user.password).then(({ cookie, token }) => ({ Cookie: cookie, Authorization: `Bearer ${token}` })),
}

/** Real and bogus values for each route parameter. */
const PARAM_VALUES: Record<string, string[]> = {
  documentId: [documentId, 'not-a-uuid', '99999999999', '------------------------------------', '%00', '..%2F..%2Fetc', '%E0%A4%A', '%ZZ', 'a'.repeat(300)],
  id: [documentId, 'not-a-uuid', '99999999999', '%00'],
  file: ['notes.txt', 'references.docx', 'evil%00.txt'],
  token: ['not-a-token', '%00'],
  languageCode: ['en', 'zz', '%00', '%ZZ', 'a'.repeat(100)],
}

const paths = [
  ...new Set([
    ...routePaths(PARAM_VALUES),
    // React Router's own URLs: data requests and the lazy route manifest.
    '/_.data',
    '/dashboard.data',
    '/login.data',
    '/api/nope',
    '/__manifest?p=%2Fdashboard&version=x',
    // Query strings a loader might take at face value.
    '/past-extractions?page=1e300&per_page=1e300',
    '/api/documents?page=99999999999999999999',
    '/extractor?batch=%00',
    '/extractor?batch=1234567890-aa%27%22',
    '/login?redirectTo=%00',
  ]),
]
// Logging out ends the session: it runs last.
const ordered = [...paths.filter((p) => p !== '/logout'), '/logout']

function bodyFor(method: string, path: string): { headers: Record<string, string>; body?: string } {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'TRACE') return { headers: {} }
  if (path.startsWith('/api/')) return { headers: { 'Content-Type': 'application/json' }, body: '{"email":"a@b.c","document_id":"x"}' }
  return { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'intent=x&batch_id=%00&email=a%00b' }
}

describe('every route × every method', () => {
  it(`answers each of them without a 5xx (${ordered.length} paths × ${METHODS.length} methods × 2 identities)`, async () => {
    const failures: string[] = []
    const timings: [number, string][] = []
    let count = 0
    for (const [who, identity] of Object.entries(identities)) {
      const jobs = ordered.flatMap((path) => METHODS.map((method) => ({ path, method })))
      const logout = jobs.filter((j) => j.path === '/logout')
      const check = async ({ path, method }: { path: string; method: string }) => {
        const { headers, body } = bodyFor(method, path)
        let res: RawResponse
        const started = performance.now()
        try {
          res = await rawRequest(baseUrl, method, path, { headers: { ...identity, ...headers, Origin: baseUrl }, body, timeoutMs: 10_000 })
          timings.push([performance.now() - started, `${who} ${method} ${path} ${res.status}`])
        } catch (error) {
          failures.push(`${who} ${method} ${path}: no answer (${(error as Error).message})`)
          return
        }
        count++
        if (res.status >= 500) failures.push(`${who} ${method} ${path}: ${res.status} ${res.body.slice(0, 120)}`)
        if (res.status === 405 && !res.headers.allow) failures.push(`${who} ${method} ${path}: 405 without Allow`)
        if (path.startsWith('/api/') && res.status >= 400 && method !== 'HEAD' && !isJson(res)) {
          failures.push(`${who} ${method} ${path}: ${res.status} is not JSON: ${res.body.slice(0, 80)}`)
        }
      }
      await inParallel(
        jobs.filter((j) => j.path !== '/logout'),
        6,
        check,
      )
      await inParallel(logout, 1, check)
    }
    const slowest = timings.sort((a, b) => b[0] - a[0])[0]
    console.log(`method matrix: ${count} requests, ${failures.length} failures, slowest ${Math.round(slowest?.[0] ?? 0)} ms (${slowest?.[1]})`)
    expect(failures).toEqual([])
    expect(count).toBeGreaterThan(1000)
    const health = await rawRequest(baseUrl, 'GET', '/healthz')
    expect(health.status).toBe(200)
  })

  it.each([
    ['OPTIONS', '/', 'GET, HEAD'],
    ['PROPFIND', '/support', 'GET, HEAD'],
    ['OPTIONS', '/dashboard', 'GET, HEAD'],
    ['DELETE', '/dashboard', 'GET, HEAD'],
    ['TRACE', '/login', 'GET, HEAD, POST'],
    ['PUT', '/extractor', 'GET, HEAD, POST'],
    ['OPTIONS', '/api/account/details', 'GET, HEAD, PUT'],
    ['GET', '/api/login', 'POST'],
    ['DELETE', '/api/upload', 'POST'],
    ['PATCH', '/api/account/password', 'PUT'],
    ['GET', '/extractor/upload', 'POST'],
    ['POST', '/api/documents', 'GET, HEAD'],
  ])('%s %s → 405 with Allow: %s', async (method, path, allow) => {
    const res = await rawRequest(baseUrl, method, path, { headers: { Origin: baseUrl } })
    expect(res.status).toBe(405)
    expect(res.headers.allow).toBe(allow)
    if (path.startsWith('/api/')) expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) })
  })

  it('answers an unknown path with 404 for every method, JSON under /api', async () => {
    for (const method of METHODS) {
      const page = await rawRequest(baseUrl, method, '/no/such/page', { headers: { Origin: baseUrl } })
      expect(page.status, method).toBe(404)
      const api = await rawRequest(baseUrl, method, '/api/no/such', { headers: { Origin: baseUrl } })
      expect(api.status, method).toBe(404)
      if (method !== 'HEAD') expect(JSON.parse(api.body)).toEqual({ message: expect.any(String) })
    }
  })

  it('answers the rarer methods Node accepts (WebDAV and others) with 405 or 404', async () => {
    for (const method of ['MKCOL', 'LOCK', 'UNLOCK', 'COPY', 'MOVE', 'SEARCH', 'REPORT', 'PURGE', 'PROPPATCH', 'MKCALENDAR']) {
      for (const path of ['/', '/dashboard', '/api/login', '/api/documents', '/no/such/page']) {
        const res = await rawRequest(baseUrl, method, path, { headers: { Origin: baseUrl } })
        expect([404, 405], `${method} ${path}`).toContain(res.status)
      }
    }
  })

  it('sends no HSTS over plain http', async () => {
    expect((await rawRequest(baseUrl, 'GET', '/')).headers['strict-transport-security']).toBeUndefined()
  })

  it('still serves pages and data requests with their own methods', async () => {
    expect((await rawRequest(baseUrl, 'GET', '/')).status).toBe(200)
    expect((await rawRequest(baseUrl, 'HEAD', '/support')).status).toBe(200)
    expect((await rawRequest(baseUrl, 'GET', '/_.data')).status).toBe(200)
    const manifest = await rawRequest(baseUrl, 'GET', '/__manifest?p=%2Fsupport&version=x')
    expect(manifest.status).toBeLessThan(500)
  })
})
