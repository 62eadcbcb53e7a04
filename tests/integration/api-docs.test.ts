import { describe, expect, it } from 'vitest'
import { createSession } from '#app/server/session.server.ts'
import { notifyLanguagesChanged } from '#app/server/languages.server.ts'
import { hashPassword } from '#app/features/accounts/password.server.ts'
import { HTTP_METHODS, type OpenApiDocument } from '#app/features/api-docs/openapi.ts'
import type { DocumentedCall } from '#app/features/api-docs/openapi.ts'
import { exampleOf, flattenFields, successResponse } from '#app/features/api-docs/render.ts'
import { GOOD_PASSWORD } from '#tests/helpers/accounts.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { browserSessionCookie, createUser } from '#tests/helpers/users.ts'

// Checks the OpenAPI description against the running server: what it says is what the app does.
const { baseUrl, db, config } = await startTestServer()

const description = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument
const calls: DocumentedCall[] = Object.entries(description.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
)

function urlOf(call: DocumentedCall): string {
  let path = call.path
  for (const parameter of call.operation.parameters ?? []) {
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, String(exampleOf(parameter.schema)))
  }
  return `${baseUrl}${path}`
}

const summaryOf = (document: OpenApiDocument) => document.paths['/api/languages'].get?.summary

describe('GET /api/openapi.json', () => {
  it('serves OpenAPI 3.1 for this server, in the language of the request', async () => {
    expect(description.openapi).toBe('3.1.0')
    expect(description.servers).toEqual([{ url: config.appUrl }])
    expect(description.info.title).toBe('Marginalia API')
    const picked = await fetch(`${baseUrl}/language`, {
      method: 'POST',
      headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'code=de&redirectTo=%2F',
      redirect: 'manual',
    })
    const cookie = (picked.headers.get('set-cookie') ?? '').split(';')[0]
    const german = await fetch(`${baseUrl}/api/openapi.json`, { headers: { Cookie: cookie } })
    expect(german.headers.get('vary')).toMatch(/Cookie/)
    expect((await german.json()).info.title).toBe('Marginalia-API')
  })

  it('is built once per language and built again when an admin edits a text', async () => {
    const before = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument
    expect(await (await fetch(`${baseUrl}/api/openapi.json`)).json()).toEqual(before)
    await db
      .updateTable('translations')
      .set({ value: 'List every language, edited.' })
      .where('language_code', '=', 'en')
      .where('key', '=', 'apiDocs.op.getLanguages.summary')
      .execute()
    await notifyLanguagesChanged(db)
    const deadline = Date.now() + 10_000
    let summary = summaryOf(before)
    while (summary === summaryOf(before) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      summary = summaryOf((await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument)
    }
    expect(summary).toBe('List every language, edited.')
    // The page's contents come from the same description (a visitor with a session skips the page cache).
    const page = await fetch(`${baseUrl}/api`, { headers: { Cookie: await browserSessionCookie(db, (await createUser(db)).id) } })
    expect(page.headers.get('cache-control')).toBeNull()
    expect(await page.text()).toContain('List every language, edited.')
  })
})

describe('every documented call', () => {
  it.each(calls.map((call) => [`${call.method.toUpperCase()} ${call.path}`, call] as const))(
    '%s is answered with one of its documented statuses and JSON',
    async (_name, call) => {
      const authenticated = call.operation.security.length > 0
      const res = await fetch(urlOf(call), {
        method: call.method.toUpperCase(),
        // An empty body and, for protected calls, a token that is not valid: the call must answer
        // as documented (400 or 401), never 404 or 405.
        headers: { 'Content-Type': 'application/json', ...(authenticated && { Authorization: 'Bearer not-a-real-token' }) },
        body: call.method === 'get' ? undefined : '{}',
      })
      expect(Object.keys(call.operation.responses)).toContain(String(res.status))
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      const body = await res.json()
      if (res.status >= 400) expect(body).toEqual(expect.objectContaining({ message: expect.any(String) }))
      // The documented Error shape: `errors`, when present, lists the messages of each field.
      for (const messages of Object.values(body.errors ?? {})) {
        expect(Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string')).toBe(true)
      }
      if (authenticated) expect(res.status).toBe(401)
    },
  )
})

const user = await db
  .insertInto('users')
  // An administrator, so the admin area's reads answer too.
  .values({ email: 'api-docs@example.org', password_hash: await hashPassword(GOOD_PASSWORD), first_name: 'Ada', last_name: 'Lovelace', is_admin: true })
  .returning('id')
  .executeTakeFirstOrThrow()
const token = await createSession(db, { userId: user.id, kind: 'api', ttlDays: 1 })

describe('the documented answers of the authenticated reads', () => {

  // Reads that answer one JSON object (a list or a file download is checked by its own area's tests).
  const objectReads = calls.filter(
    (c) => c.method === 'get' && c.operation.security.length > 0 && !c.path.includes('{') && successResponse(c).schema?.type === 'object',
  )
  it.each(objectReads.map((c) => [c.path, c] as const))(
    'GET %s answers exactly the documented top-level fields',
    async (_path, call) => {
      const res = await fetch(urlOf(call), { headers: { Authorization: `Bearer ${token}` } })
      expect(res.status).toBe(200)
      const documented = flattenFields(successResponse(call).schema ?? {})
        .map((row) => row.name)
        .filter((name) => !name.includes('.') && !name.includes('['))
      expect(Object.keys(await res.json()).sort()).toEqual(documented.sort())
    },
  )
})
