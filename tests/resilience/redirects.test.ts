import { describe, expect, it } from 'vitest'
import { hasControlOrBackslash } from '#app/lib/safe-redirect.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'
import { rawRequest, signIn } from './http.ts'

// Open redirects, with JavaScript off: the Location header is what a browser follows.
const { baseUrl, db } = await startTestServer({ APP_URL: 'https://marginalia.example' })
const user = await createUser(db)
const { cookie } = await signIn(baseUrl, user.email, user.password)

const HOSTILE = [
  '/\t/evil.example',
  '/%09/evil.example',
  '/\n/evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5C/evil.example',
  '/%5c%5cevil.example',
  '/a/../..//evil.example',
  'https://evil.example',
  'http://evil.example/dashboard',
  'https:evil.example',
  '//evil.example/%2e%2e',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  ' //evil.example',
  '/%00/evil.example',
]

/** Where a browser goes with this Location (relative to the page it was on). */
function destination(location: string | undefined): URL {
  expect(location).toBeDefined()
  return new URL(location as string, `${baseUrl}/login`)
}

function expectSameSite(location: string | undefined) {
  const url = destination(location)
  expect(url.origin, location).toBe(baseUrl)
  expect(hasControlOrBackslash(location as string), 'no control characters or backslashes').toBe(false)
  expect(location?.startsWith('/') && !location.startsWith('//'), location).toBe(true)
}

describe('redirectTo never leaves the site', () => {
  it.each(HOSTILE)('a signed-in visit to /login?redirectTo=%j', async (value) => {
    const res = await rawRequest(baseUrl, 'GET', `/login?redirectTo=${encodeURIComponent(value)}`, { headers: { Cookie: cookie } })
    expect(res.status).toBe(302)
    expectSameSite(res.headers.location)
    expect(res.headers.location).toBe('/dashboard')
  })

  it('the literal request of the report: /login?redirectTo=%2F%09%2Fevil.example', async () => {
    const res = await rawRequest(baseUrl, 'GET', '/login?redirectTo=%2F%09%2Fevil.example', { headers: { Cookie: cookie } })
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('/dashboard')
  })

  it.each(HOSTILE)('a sign-in with redirectTo=%j', async (value) => {
    const res = await rawRequest(baseUrl, 'POST', '/login', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
      body: new URLSearchParams({ email: user.email, password: user.password, redirectTo: value }).toString(),
    })
    expect(res.status).toBe(302)
    expectSameSite(res.headers.location)
  })

  it.each(HOSTILE)('the language picker with redirectTo=%j', async (value) => {
    const res = await rawRequest(baseUrl, 'POST', '/language', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
      body: new URLSearchParams({ code: 'de', redirectTo: value }).toString(),
    })
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('/')
  })

  it('a same-site page is still followed', async () => {
    const res = await rawRequest(baseUrl, 'GET', `/login?redirectTo=${encodeURIComponent('/past-extractions?page=2')}`, { headers: { Cookie: cookie } })
    expect(res.headers.location).toBe('/past-extractions?page=2')
    // Non-ASCII stays a path on this site, percent-encoded for the header.
    const wide = await rawRequest(baseUrl, 'GET', `/login?redirectTo=${encodeURIComponent('/\u3000/evil.example')}`, { headers: { Cookie: cookie } })
    expect(wide.headers.location).toBe('/%E3%80%80/evil.example')
    const signedOut = await rawRequest(baseUrl, 'GET', '/past-extractions?page=2')
    expect(signedOut.headers.location).toBe(`/login?redirectTo=${encodeURIComponent('/past-extractions?page=2')}`)
  })
})

describe('HSTS', () => {
  it('is sent when APP_URL is https', async () => {
    const res = await rawRequest(baseUrl, 'GET', '/')
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })
})
