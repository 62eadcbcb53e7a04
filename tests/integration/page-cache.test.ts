import { describe, expect, it } from 'vitest'
import { startTestServer } from '#tests/helpers/server.ts'
import { browserSessionCookie, createUser } from '#tests/helpers/users.ts'

// Anonymous public pages come from memory; signed-in pages never do (server/page-cache.ts).
const { baseUrl, db } = await startTestServer({ PAGE_CACHE_SECONDS: '1' })

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1]
const cspNonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]

async function signedInCookie(): Promise<string> {
  return browserSessionCookie(db, (await createUser(db)).id)
}

describe('anonymous page cache', () => {
  it('serves the same page again with the nonce its CSP header names, and answers 304 to its ETag', async () => {
    const first = await fetch(`${baseUrl}/support`)
    const second = await fetch(`${baseUrl}/support`)
    const [a, b] = [await first.text(), await second.text()]
    expect(b).toBe(a)
    expect(cspNonceOf(second)).toBe(nonceOf(b))
    expect(second.headers.get('cache-control')).toBe('public, max-age=10, must-revalidate')
    expect(second.headers.get('vary')).toContain('Cookie')
    const etag = second.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    // As a browser revalidates on reload (fetch would add `no-cache` to a conditional request).
    const revalidated = await fetch(`${baseUrl}/support`, { headers: { 'If-None-Match': etag ?? '', 'Cache-Control': 'max-age=0' } })
    expect(revalidated.status).toBe(304)
  })

  it('keeps one page per language', async () => {
    const english = await (await fetch(`${baseUrl}/`)).text()
    const german = await (await fetch(`${baseUrl}/`, { headers: { Cookie: 'preferred_language=ImRlIg%3D%3D' } })).text()
    expect(english).toContain('Your highlights, turned into notes')
    expect(german).toContain('Ihre Markierungen, als Notizen')
  })

  it('never serves a signed-in visitor the cached page, nor caches theirs', async () => {
    await fetch(`${baseUrl}/`)
    const cookie = await signedInCookie()
    const res = await fetch(`${baseUrl}/`, { headers: { Cookie: cookie } })
    const html = await res.text()
    expect(html).toContain('Ada')
    expect(res.headers.get('cache-control')).toBeNull()
    const anonymous = await (await fetch(`${baseUrl}/`)).text()
    expect(anonymous).not.toContain('Ada')
  })

  it('renders anew for queries, except the API page area', async () => {
    const login = await fetch(`${baseUrl}/login?redirectTo=%2Fdashboard`)
    expect(login.headers.get('cache-control')).toBeNull()
    const area = await fetch(`${baseUrl}/api?area=accounts`)
    expect(area.headers.get('cache-control')).toBe('public, max-age=10, must-revalidate')
  })

  it('leaves out the tracking parameters of campaign links, and renders the page without them', async () => {
    const plain = await fetch(`${baseUrl}/`)
    const plainHtml = await plain.text()
    const tracked = await fetch(`${baseUrl}/?utm_source=newsletter&utm_campaign=launch&fbclid=abc123`)
    const html = await tracked.text()
    expect(tracked.headers.get('cache-control')).toBe('public, max-age=10, must-revalidate')
    expect(tracked.headers.get('etag')).toBe(plain.headers.get('etag'))
    expect(html).toBe(plainHtml)
    // The language picker returns to the page's own address, never to one a link made up.
    expect(html).not.toContain('newsletter')
    const login = await fetch(`${baseUrl}/login?redirectTo=%2Fdashboard&utm_source=newsletter`)
    expect(login.headers.get('cache-control')).toBeNull()
    expect(await login.text()).toContain('%2Fdashboard')
  })

  it('answers a page it may not store with the render it made (an unknown API area)', async () => {
    const res = await fetch(`${baseUrl}/api?area=no-such-area&utm_medium=email`)
    const html = await res.text()
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBeNull()
    expect(cspNonceOf(res)).toBe(nonceOf(html))
    // Rendered once, by the cache, for the address without its tracking parameter.
    expect(html).toContain('value="/api?area=no-such-area"')
    expect(html).not.toContain('utm_medium')
  })

  it('shows a changed translation once the page is older than its time to live', async () => {
    await fetch(`${baseUrl}/`)
    await db
      .updateTable('translations')
      .set({ value: 'Highlights, now as notes' })
      .where('language_code', '=', 'en')
      .where('key', '=', 'home.hero.title')
      .execute()
    // The server re-reads translations every 5 s (app/server/languages.server.ts), then renders anew.
    await new Promise((resolve) => setTimeout(resolve, 6_100))
    expect(await (await fetch(`${baseUrl}/`)).text()).toContain('Highlights, now as notes')
  })
})
