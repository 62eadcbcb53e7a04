import { expect, it } from 'vitest'
import { adminAndUser } from '#tests/helpers/admin.ts'
import { insertDocument } from '#tests/helpers/documents.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { inParallel, rawRequest } from './http.ts'
import { routePaths } from './route-paths.ts'

// Every GET of every route, as an admin (who reaches the admin pages and their filters) and as a
// researcher, with query strings a loader might take at face value: no 5xx.
const { baseUrl, db } = await startTestServer()
const { admin, user } = await adminAndUser(baseUrl, db)
const { id: documentId } = await insertDocument(db, user.id)

const QUERIES = [
  '?page=-1',
  '?page=abc&per_page=0',
  '?page=1e308',
  '?page=1&page=2',
  '?page[]=1&sort_by[]=x',
  '?sort_by=__proto__&sort_order=sideways',
  `?search=${'%27%22%3C'.repeat(3)}`,
  `?search=${'x'.repeat(5000)}`,
  '?status=x&tab=y&date_range=z&has_account=maybe&user_id=%00',
  '?limit=-5&offset=-5',
  '?action=%00&resource_type=x',
  '?batch=00000000-0000-0000-0000-000000000000',
  '?q=%25&color=zzz&category=zzz',
  '?area=x&ns=%00',
  '?%=%&&==',
]
const paths = routePaths({ documentId: [documentId, 'not-a-uuid'], id: [admin.id, 'not-a-uuid'], file: ['notes.txt'], token: ['x'] }).filter((p) => p !== '/logout')

it(`every GET with odd query strings answers without a 5xx (${paths.length} paths × ${QUERIES.length} queries × admin and researcher)`, async () => {
  const failures: string[] = []
  let count = 0
  for (const who of [admin, user]) {
    const jobs = paths.flatMap((path) => QUERIES.map((query) => `${path}${query}`))
    await inParallel(jobs, 6, async (url) => {
      const res = await rawRequest(baseUrl, 'GET', url, { headers: { Cookie: who.cookie, Authorization: `Bearer ${who.token}` }, timeoutMs: 10_000 })
      count++
      if (res.status >= 500) failures.push(`${who === admin ? 'admin' : 'user'} GET ${url.slice(0, 160)}: ${res.status} ${res.body.slice(0, 120)}`)
    })
  }
  expect(failures).toEqual([])
  // The admin really reached the admin pages (not a redirect to /login), odd filters and all.
  const adminPage = await rawRequest(baseUrl, 'GET', '/admin/users?page=-1&sort_by=__proto__', { headers: { Cookie: admin.cookie } })
  expect(adminPage.status).toBe(200)
  expect(count).toBe(paths.length * QUERIES.length * 2)
  expect((await rawRequest(baseUrl, 'GET', '/healthz')).status).toBe(200)
}, 300_000)
