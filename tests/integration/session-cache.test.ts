import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { commitSessionCookie, createSession } from '#app/server/session.server.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'

// app/server/session-cache.server.ts: a web process remembers session look-ups while it listens for
// the database's announcements (migration 0006), and forgets one the moment it changes.
const { baseUrl, db } = await startTestServer({ PAGE_CACHE_SECONDS: '0' })

async function apiSession() {
  const user = await createUser(db)
  const token = await createSession(db, { userId: user.id, kind: 'api', ttlDays: 1 })
  return { user, token }
}

const details = (token: string) => fetch(`${baseUrl}/api/account/details`, { headers: { Authorization: `Bearer ${token}` } })

/** Polls until the answer's status is `status` (an announcement takes a moment to arrive), or gives up after 3 s. */
async function statusBecomes(request: () => Promise<Response>, status: number): Promise<number> {
  const deadline = Date.now() + 3_000
  let last = 0
  while (Date.now() < deadline) {
    const res = await request()
    await res.arrayBuffer()
    last = res.status
    if (last === status) return last
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return last
}

/** Runs `change` with the announcing triggers off: what the process then answers comes from its memory. */
async function unannounced(change: () => Promise<unknown>) {
  await sql`ALTER TABLE sessions DISABLE TRIGGER sessions_changed`.execute(db)
  await sql`ALTER TABLE users DISABLE TRIGGER users_changed`.execute(db)
  try {
    await change()
  } finally {
    await sql`ALTER TABLE sessions ENABLE TRIGGER sessions_changed`.execute(db)
    await sql`ALTER TABLE users ENABLE TRIGGER users_changed`.execute(db)
  }
}

async function listenerConnected(): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'marginalia-sessions_changed'`.execute(db)
  return rows[0].n > 0
}

/** Whether the process answers a known session from memory: removed unannounced, it still answers. */
async function remembers(): Promise<boolean> {
  const { user, token } = await apiSession()
  if ((await details(token)).status !== 200) return false
  await unannounced(() => db.deleteFrom('sessions').where('user_id', '=', user.id).execute())
  return (await details(token)).status === 200
}

/** Waits (up to 10 s) until the process listens and remembers: connecting is asynchronous, and slower under load. */
async function untilRemembering(): Promise<boolean> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    if ((await listenerConnected()) && (await remembers())) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

describe('session cache', () => {
  beforeAll(untilRemembering)

  it('answers a known session from memory', async () => {
    // The session is gone from the database, unannounced: only the process's memory still knows it.
    expect(await remembers()).toBe(true)
  })

  it('forgets a session the moment another process signs it out', async () => {
    const { user, token } = await apiSession()
    expect((await details(token)).status).toBe(200)
    await db.deleteFrom('sessions').where('user_id', '=', user.id).execute()
    expect(await statusBecomes(() => details(token), 401)).toBe(401)
  })

  it('forgets every session of an account that is deactivated or changed', async () => {
    const { user, token } = await apiSession()
    const browser = await createSession(db, { userId: user.id, kind: 'browser', ttlDays: 1 })
    const cookie = (await commitSessionCookie(browser, 1, false)).split(';')[0]
    const settings = () => fetch(`${baseUrl}/account-settings`, { headers: { Cookie: cookie }, redirect: 'manual' })
    expect((await settings()).status).toBe(200)
    const before = await (await details(token)).json()
    await db.updateTable('users').set({ first_name: 'Augusta' }).where('id', '=', user.id).execute()
    const deadline = Date.now() + 3_000
    let after = before
    while (Date.now() < deadline && JSON.stringify(after).includes('"Ada"')) after = await (await details(token)).json()
    expect(JSON.stringify(after)).toContain('Augusta')
    await db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute()
    expect(await statusBecomes(() => details(token), 401)).toBe(401)
    expect(await statusBecomes(settings, 302)).toBe(302)
  })

  it('forgets everything after a change this process made, before its answer goes out', async () => {
    const { user, token } = await apiSession()
    expect((await details(token)).status).toBe(200)
    await unannounced(() => db.deleteFrom('sessions').where('user_id', '=', user.id).execute())
    // Any request that changes something (here a refused sign-in) clears the memory.
    const signIn = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    await signIn.arrayBuffer()
    expect((await details(token)).status).toBe(401)
  })

  it('asks the database while it cannot listen, and listens again', async () => {
    expect(await remembers()).toBe(true)
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'marginalia-sessions_changed'`.execute(db)
    // Lost: once the process notices (at once on an idle machine; it reconnects after 5 s), nothing
    // it remembers is trusted, so a session removed unannounced is refused.
    const deadline = Date.now() + 4_000
    let trusted = true
    while (trusted && Date.now() < deadline) trusted = await remembers()
    expect(trusted).toBe(false)
    // Listening again, it remembers again.
    expect(await untilRemembering()).toBe(true)
  })
})
