import { describe, expect, it } from 'vitest'
import { LOGIN_DELAY, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { apiClient, createInvitation, GOOD_PASSWORD } from '#tests/helpers/accounts.ts'
import { startTestServer } from '#tests/helpers/server.ts'

// The limits are counted in PostgreSQL, so this file's second web process shares them with the first.
const first = await startTestServer()
const second = await startTestServer()
const { db } = first
const api = apiClient(first.baseUrl)
const otherProcess = apiClient(second.baseUrl)
const tooMany = 'Too many attempts. Please wait a few minutes and try again.'

describe('rate limits', () => {
  it('delays failed logins of one e-mail from one IP, across web processes, with 429, Retry-After and a clear message', async () => {
    const code = await createInvitation(db)
    await api('POST', '/api/register', { body: { email: 'target@example.org', password: GOOD_PASSWORD, invitation_code: code, first_name: 'T', last_name: 'T' } })
    for (let i = 0; i <= LOGIN_DELAY.freeFailures; i++) {
      const client = i % 2 === 0 ? api : otherProcess
      expect((await client('POST', '/api/login', { body: { email: 'target@example.org', password: `Wrong-${i}-Passw0rd!` } })).status).toBe(401)
    }
    // Even the right password waits now (from this IP), so guessing slows down.
    const blocked = await api('POST', '/api/login', { body: { email: 'TARGET@example.org', password: GOOD_PASSWORD } })
    expect(blocked.status).toBe(429)
    expect(blocked.json.message).toBe(tooMany)
    expect(blocked.headers.get('retry-after')).toBe('1')
    const page = await fetch(`${second.baseUrl}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: second.baseUrl },
      body: new URLSearchParams({ email: 'target@example.org', password: GOOD_PASSWORD }),
    })
    expect(page.status).toBe(429)
    expect(await page.text()).toContain(tooMany)
  })

  it('limits logins per client IP', async () => {
    await db.deleteFrom('rate_limits').execute()
    await db.deleteFrom('login_throttle').execute()
    for (let i = 0; i < RATE_LIMITS.loginPerIp.limit; i++) {
      await api('POST', '/api/login', { body: { email: `someone-${i}@example.org`, password: GOOD_PASSWORD } })
    }
    expect((await api('POST', '/api/login', { body: { email: 'new@example.org', password: GOOD_PASSWORD } })).status).toBe(429)
  })

  it('limits subscriptions, registrations and reset requests per client IP', async () => {
    await db.deleteFrom('rate_limits').execute()
    const calls = [
      [RATE_LIMITS.subscribePerIp.limit, '/api/subscribe-updates', { firstName: 'S', email: 's@example.org', marketingConsent: true }],
      [RATE_LIMITS.registerPerIp.limit, '/api/register', { email: 'r@example.org', password: GOOD_PASSWORD, invitation_code: 'none', first_name: 'R', last_name: 'R' }],
      [RATE_LIMITS.resetRequestPerIp.limit, '/api/request-password-reset', { email: 'q@example.org' }],
    ] as const
    for (const [limit, path, body] of calls) {
      for (let i = 0; i < limit; i++) expect((await api('POST', path, { body })).status).not.toBe(429)
      const res = await otherProcess('POST', path, { body })
      expect(res.status).toBe(429)
      expect(res.json.message).toBe(tooMany)
    }
  })
})
