import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { adminAndUser, pageClient } from '#tests/helpers/admin.ts'
import { startTestServer } from '#tests/helpers/server.ts'

// Issue 12, item 1: every admin page and call checks the admin role on the server, walked as
// anonymous, signed-in user and admin.
const { baseUrl, db } = await startTestServer()
const pages = pageClient(baseUrl)
let who: Awaited<ReturnType<typeof adminAndUser>>
let documentId = ''
let invitationId = ''

beforeAll(async () => {
  who = await adminAndUser(baseUrl, db)
  const style = await db.selectFrom('reference_styles').select('id').executeTakeFirstOrThrow()
  await db.insertInto('batches').values({ id: crypto.randomUUID(), user_id: who.user.id, reference_style_id: style.id }).execute()
  const batch = await db.selectFrom('batches').select('id').executeTakeFirstOrThrow()
  documentId = (
    await db
      .insertInto('documents')
      .values({ user_id: who.user.id, batch_id: batch.id, reference_style_id: style.id, original_filename: 'paper.pdf', size_bytes: 10 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  invitationId = (
    await db.insertInto('invitations').values({ code: 'access-test-code', email: 'x@example.org', expires_at: new Date(Date.now() + 86_400_000) }).returning('id').executeTakeFirstOrThrow()
  ).id
})
beforeEach(async () => {
  await db.deleteFrom('rate_limits').execute()
})

const PAGES = [
  '/admin',
  '/admin/users',
  '/admin/users?search=ada&status=active&sort_by=email&sort_order=asc&page=2',
  '/admin/analytics',
  '/admin/analytics?range=1y',
  '/admin/analytics/export?format=csv&range=7d',
  '/admin/audit-logs',
  '/admin/audit-logs?action=user_created&resource_type=user&page=1',
  '/admin/data-insights',
  '/admin/data-insights?tab=documents&status=processing',
  '/admin/data-insights?tab=subscriptions&has_account=no',
  '/admin/invitations',
]

const API_READS = [
  '/api/admin/analytics/overview',
  '/api/admin/users',
  '/api/admin/analytics/detailed?range=7d',
  '/api/admin/analytics/export?format=csv&range=30d',
  '/api/admin/audit-logs?page=1&action=&resource_type=',
  '/api/admin/data/users?search=&status=&date_range=',
  '/api/admin/data/documents?search=&status=&user_id=',
  '/api/admin/data/subscriptions?search=&has_account=',
  '/api/admin/invitations',
]

function apiCall(method: string, path: string, token?: string, body?: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

function apiWrites(): [string, string, unknown][] {
  return [
    ['POST', '/api/admin/invitations', { email: 'walk@example.org' }],
    ['POST', `/api/admin/users/${who.user.id}/send-password-reset`, undefined],
    ['PUT', `/api/admin/users/${who.user.id}`, { isActive: true }],
    ['POST', `/api/admin/invitations/${invitationId}/revoke`, undefined],
  ]
}

describe('admin pages', () => {
  it('send a signed-out visitor to /login, remembering the page', async () => {
    for (const path of [...PAGES, `/admin/data-insights/documents/${documentId}/file`]) {
      const res = await pages.get(path)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
    }
  })

  it('send a signed-in user who is not an admin to /dashboard', async () => {
    for (const path of [...PAGES, `/admin/data-insights/documents/${documentId}/file`]) {
      const res = await pages.get(path, who.user.cookie)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe('/dashboard')
    }
  })

  it('answer an admin', async () => {
    for (const path of PAGES) {
      const res = await pages.get(path, who.admin.cookie)
      expect(res.status, path).toBe(200)
    }
  })

  it('refuse every form post of a non-admin, changing nothing', async () => {
    const before = await db.selectFrom('invitations').select('id').execute()
    const posts: [string, Record<string, string>][] = [
      ['/admin/users', { intent: 'deactivate', user_id: who.admin.id }],
      ['/admin/users', { intent: 'grant_admin', user_id: who.user.id }],
      ['/admin/users', { intent: 'reset', user_id: who.admin.id }],
      ['/admin/invitations', { intent: 'send', email: 'sneaky@example.org' }],
      ['/admin/invitations', { intent: 'open' }],
      ['/admin/invitations', { intent: 'revoke', invitation_id: invitationId }],
    ]
    for (const [path, fields] of posts) {
      const anonymous = await pages.post(path, fields)
      expect(anonymous.status, path).toBe(302)
      expect(anonymous.headers.get('location'), path).toMatch(/^\/login\?redirectTo=/)
      const user = await pages.post(path, fields, who.user.cookie)
      expect(user.status, path).toBe(302)
      expect(user.headers.get('location'), path).toBe('/dashboard')
    }
    expect(await db.selectFrom('invitations').select('id').execute()).toHaveLength(before.length)
    const users = await db.selectFrom('users').select(['id', 'is_active', 'is_admin']).where('id', 'in', [who.admin.id, who.user.id]).execute()
    expect(users.find((u) => u.id === who.admin.id)).toMatchObject({ is_active: true, is_admin: true })
    expect(users.find((u) => u.id === who.user.id)).toMatchObject({ is_admin: false })
    const invitation = await db.selectFrom('invitations').select('expires_at').where('id', '=', invitationId).executeTakeFirstOrThrow()
    expect(invitation.expires_at.getTime()).toBeGreaterThan(Date.now())
    expect(await db.selectFrom('audit_logs').select('id').where('admin_user_id', '=', who.user.id).execute()).toEqual([])
  })
})

describe('admin calls', () => {
  it('answer 401 without a token, as JSON', async () => {
    for (const path of [...API_READS, `/admin/data-insights/documents/${documentId}/file`]) {
      const res = await apiCall('GET', path, path.startsWith('/admin') ? 'not-a-token' : undefined)
      expect(res.status, path).toBe(401)
      expect(((await res.json()) as { message: string }).message, path).toMatch(/Authentication required/)
    }
    for (const [method, path, body] of apiWrites()) {
      const res = await apiCall(method, path, undefined, body)
      expect(res.status, path).toBe(401)
    }
  })

  it('answer 403 { message } to a user who is not an admin', async () => {
    for (const path of [...API_READS, `/admin/data-insights/documents/${documentId}/file`]) {
      const res = await apiCall('GET', path, who.user.token)
      expect(res.status, path).toBe(403)
      expect(await res.json(), path).toEqual({ message: 'You do not have permission to do this: an administrator account is required.' })
    }
    for (const [method, path, body] of apiWrites()) {
      const res = await apiCall(method, path, who.user.token, body)
      expect(res.status, path).toBe(403)
    }
    expect(await db.selectFrom('invitations').select('id').where('email', '=', 'walk@example.org').execute()).toEqual([])
  })

  it('answer an admin', async () => {
    for (const path of API_READS) {
      const res = await apiCall('GET', path, who.admin.token)
      expect(res.status, path).toBe(200)
    }
    for (const [method, path, body] of apiWrites()) {
      const res = await apiCall(method, path, who.admin.token, body)
      expect(res.status, path).toBeLessThan(300)
    }
  })

  it('do not take the page cookie as an API credential', async () => {
    const res = await fetch(`${baseUrl}/api/admin/users`, { headers: { Cookie: who.admin.cookie } })
    expect(res.status).toBe(401)
  })
})
