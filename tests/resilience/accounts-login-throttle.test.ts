import { beforeEach, describe, expect, it } from 'vitest'
import { LOGIN_DELAY, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'

// Item 8 of issue 10: brute force is throttled, but nobody can lock an account for its owner. Two
// web processes behind a (trusted) proxy share the counters in PostgreSQL; the proxy's
// X-Forwarded-For gives each client its IP.
const first = await startTestServer({ TRUST_PROXY: 'true' })
const second = await startTestServer({ TRUST_PROXY: 'true' })
const { db } = first
const tooMany = 'Too many attempts. Please wait a few minutes and try again.'

beforeEach(async () => {
  await db.deleteFrom('rate_limits').execute()
  await db.deleteFrom('login_throttle').execute()
})

async function apiLogin(ip: string, email: string, password: string, server = first) {
  const res = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ email, password }),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') }
}

async function pageLogin(ip: string, email: string, password: string, server = first) {
  const res = await fetch(`${server.baseUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseUrl, 'X-Forwarded-For': ip },
    body: new URLSearchParams({ email, password }),
  })
  return { status: res.status, html: await res.text(), retryAfter: res.headers.get('retry-after') }
}

describe('login throttling without account lockout', () => {
  it('blocks an attacker hammering one e-mail from one IP with 429, while the owner signs in from another IP', async () => {
    const owner = await createUser(db)
    const attacker = '203.0.113.7'
    const answers: number[] = []
    for (let i = 0; i < 20; i++) {
      const server = i % 2 === 0 ? first : second
      const res = await apiLogin(attacker, owner.email, `Wrong-${i}-Passw0rd!`, server)
      answers.push(res.status)
      if (res.status === 429) {
        expect(res.json.message).toBe(tooMany)
        expect(Number(res.retryAfter)).toBeGreaterThanOrEqual(1)
      }
    }
    // The free failures and the first delayed one are checked; the rest of the burst waits.
    const checked = answers.filter((s) => s === 401).length
    expect(checked).toBeGreaterThanOrEqual(LOGIN_DELAY.freeFailures + 1)
    expect(checked).toBeLessThanOrEqual(LOGIN_DELAY.freeFailures + 3)
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10)
    expect(answers.at(-1)).toBe(429)
    // The attacker's pair waits even with the right password: guessing stops there.
    expect((await apiLogin(attacker, owner.email, owner.password)).status).toBe(429)
    // The owner, from their own IP, signs in at once: by API and by the page, on either process.
    const api = await apiLogin('198.51.100.20', owner.email, owner.password, second)
    expect(api.status).toBe(200)
    expect(api.json.token).toEqual(expect.any(String))
    const page = await pageLogin('198.51.100.21', owner.email.toUpperCase(), owner.password)
    expect(page.status).toBe(302)
    expect(page.retryAfter).toBeNull()
  })

  it('never locks: after ten wrong passwords (more than the old lock needed) the owner still signs in', async () => {
    const owner = await createUser(db)
    // Ten failures from ten machines: each pair is within its free failures, so no one waits.
    for (let i = 0; i < 10; i++) expect((await apiLogin(`192.0.2.${i + 1}`, owner.email, `Wrong-${i}-Passw0rd!`)).status).toBe(401)
    expect((await apiLogin('198.51.100.30', owner.email, owner.password)).status).toBe(200)
    expect((await pageLogin('198.51.100.31', owner.email, owner.password, second)).status).toBe(302)
  })

  it('makes one pair wait longer after each failure (exponential delay with Retry-After), by API and page', async () => {
    const owner = await createUser(db)
    const ip = '203.0.113.50'
    for (let i = 0; i < LOGIN_DELAY.freeFailures; i++) {
      const res = await apiLogin(ip, owner.email, `Wrong-${i}-Passw0rd!`)
      expect(res.status).toBe(401)
      expect(res.retryAfter).toBeNull()
    }
    // The failure after the free ones is still checked (401), and the next attempt must wait 1 s…
    expect((await apiLogin(ip, owner.email, 'Wrong-A-Passw0rd!')).status).toBe(401)
    const wait1 = await apiLogin(ip, owner.email, 'Wrong-B-Passw0rd!', second)
    expect(wait1.status).toBe(429)
    expect(wait1.json.message).toBe(tooMany)
    expect(wait1.retryAfter).toBe('1')
    // …then 2 s after the next failure (the page answers alike)…
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await apiLogin(ip, owner.email, 'Wrong-C-Passw0rd!')).status).toBe(401)
    const wait2 = await pageLogin(ip, owner.email, 'Wrong-D-Passw0rd!')
    expect(wait2.status).toBe(429)
    expect(wait2.html).toContain(tooMany)
    expect(wait2.retryAfter).toBe('2')
    // …then 4 s, 8 s: the wait doubles (here the stored wait is ended instead of sat out).
    for (const expected of ['4', '8']) {
      await db.updateTable('login_throttle').set({ blocked_until: new Date(Date.now() - 1000) }).execute()
      expect((await apiLogin(ip, owner.email, 'Wrong-E-Passw0rd!')).status).toBe(401)
      const waiting = await apiLogin(ip, owner.email, owner.password)
      expect(waiting.status).toBe(429)
      expect(waiting.retryAfter).toBe(expected)
    }
    // Once the wait is over the right password works, and success ends the pair's delay.
    await db.updateTable('login_throttle').set({ blocked_until: new Date(Date.now() - 1000) }).execute()
    expect((await apiLogin(ip, owner.email, owner.password)).status).toBe(200)
    expect((await apiLogin(ip, owner.email, 'Wrong-F-Passw0rd!')).status).toBe(401)
    expect((await apiLogin(ip, owner.email, owner.password)).status).toBe(200)
  })

  it('limits one IP trying many e-mails, and only that IP', async () => {
    const owner = await createUser(db)
    const ip = '203.0.113.80'
    for (let i = 0; i < RATE_LIMITS.loginPerIp.limit; i++) {
      expect((await apiLogin(ip, `someone-${i}@example.org`, 'Wrong-Passw0rd!1')).status).toBe(401)
    }
    const blocked = await apiLogin(ip, `someone-else@example.org`, 'Wrong-Passw0rd!1', second)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0)
    expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(RATE_LIMITS.loginPerIp.windowSeconds)
    expect((await apiLogin('198.51.100.40', owner.email, owner.password)).status).toBe(200)
  })

  it('stops a distributed attack on one e-mail at its ceiling across all IPs', async () => {
    const owner = await createUser(db)
    const ceiling = RATE_LIMITS.loginPerEmail.limit
    expect(ceiling).toBeGreaterThanOrEqual(100)
    // One failure from each of `ceiling` addresses, four at a time.
    for (let i = 0; i < ceiling; i += 4) {
      const batch = [i, i + 1, i + 2, i + 3].filter((n) => n < ceiling)
      const statuses = await Promise.all(batch.map((n) => apiLogin(`10.${Math.floor(n / 250)}.${n % 250}.9`, owner.email, `Wrong-${n}-Passw0rd!`)))
      for (const res of statuses) expect(res.status).toBe(401)
    }
    const stopped = await apiLogin('10.99.0.1', owner.email, 'Wrong-X-Passw0rd!')
    expect(stopped.status).toBe(429)
    expect(stopped.json.message).toBe(tooMany)
  })
})
