import { describe, expect, it } from 'vitest'
import { createLogger } from '#app/server/logger.server.ts'
import { loadConfig } from '#app/server/config.server.ts'
import { createStorage } from '#app/server/storage.server.ts'
import { createDb } from '#db/client.ts'
import { findFreePort } from '#db/embedded.ts'
import { startWeb } from '#server/web.ts'
import { startTestServer } from '#tests/helpers/server.ts'

const { baseUrl, boss } = await startTestServer({ HEALTH_TOKEN: 'operator-token' })

describe('health', () => {
  it('answers 200 with the database and queue state', async () => {
    const res = await fetch(`${baseUrl}/healthz`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ status: 'ok', database: { ok: true }, queue: { ok: true } })
    expect(body.queue.queues).toHaveProperty('send-email')
  })

  it('keeps queue counts for this machine or the health token; a forwarded visitor sees only the states', async () => {
    const forwarded = { 'X-Forwarded-For': '203.0.113.7' }
    const visitor = await (await fetch(`${baseUrl}/healthz`, { headers: forwarded })).json()
    expect(visitor).toEqual({ status: 'ok', database: { ok: true }, queue: { ok: true } })
    const operator = await fetch(`${baseUrl}/healthz`, { headers: { ...forwarded, Authorization: 'Bearer operator-token' } })
    expect((await operator.json()).queue.queues).toHaveProperty('send-email')
  })

  it('answers 503 when the database is unreachable', async () => {
    const deadPort = await findFreePort()
    const db = createDb(`postgres://nobody@127.0.0.1:${deadPort}/none`, { max: 1 })
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' })
    const web = await startWeb({
      db,
      databaseUrl: `postgres://nobody@127.0.0.1:${deadPort}/none`,
      boss,
      config,
      logger: createLogger('silent'),
      storage: createStorage(config.storage),
    })
    const address = web.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const res = await fetch(`http://127.0.0.1:${port}/healthz`)
    const forwarded = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'X-Forwarded-For': '203.0.113.7' } })
    await web.close()
    await db.destroy()
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ database: { ok: false } })
    expect(forwarded.status).toBe(503)
    expect(await forwarded.json()).toEqual({ status: 'degraded', database: { ok: false }, queue: { ok: false } })
  })
})

describe('pages and headers', () => {
  it('serves the shell with security headers and a request id', async () => {
    const res = await fetch(`${baseUrl}/`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const html = await res.text()
    expect(html).toContain('<html lang="en"')
    expect(html).toContain('Marginalia')
  })

  it('answers an unknown path with a real 404 and the spec\'s text', async () => {
    const res = await fetch(`${baseUrl}/no/such/page`)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('404: Page Not Found')
  })

  it('refuses a cross-site POST', async () => {
    const res = await fetch(`${baseUrl}/language`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'code=de',
      redirect: 'manual',
    })
    expect(res.status).toBe(403)
  })
})

describe('languages and translations', () => {
  it('lists the active languages with the default marked', async () => {
    const res = await fetch(`${baseUrl}/api/languages`)
    expect(res.status).toBe(200)
    const languages = await res.json()
    expect(languages).toContainEqual({ code: 'en', name: 'English', is_default: true })
    expect(languages).toContainEqual({ code: 'de', name: 'Deutsch', is_default: false })
  })

  it('serves one language as a flat key → text map, and 404 with a message for an unknown one', async () => {
    const res = await fetch(`${baseUrl}/api/translations/de`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ 'nav.login': 'Anmelden' })
    const missing = await fetch(`${baseUrl}/api/translations/xx`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'Language not found.' })
  })

  it('switches language with the picker form and keeps the choice in a cookie', async () => {
    const res = await fetch(`${baseUrl}/language`, {
      method: 'POST',
      headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'code=de&redirectTo=%2Fsupport',
      redirect: 'manual',
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/support')
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^preferred_language=/)
    const page = await fetch(`${baseUrl}/`, { headers: { Cookie: cookie.split(';')[0] } })
    const html = await page.text()
    expect(html).toContain('<html lang="de"')
    expect(html).toContain('Anmelden')
  })

  it('does not follow a redirect to another site', async () => {
    const res = await fetch(`${baseUrl}/language`, {
      method: 'POST',
      headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'code=de&redirectTo=%2F%2Fevil.example',
      redirect: 'manual',
    })
    expect(res.headers.get('location')).toBe('/')
  })
})
