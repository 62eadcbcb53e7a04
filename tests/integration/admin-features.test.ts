import { sql } from 'kysely'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTransport } from '#app/server/mail.server.ts'
import { sendEmailHandler } from '#jobs/send-email.ts'
import { GOOD_PASSWORD } from '#tests/helpers/accounts.ts'
import { adminAndUser, pageClient, pageLogin } from '#tests/helpers/admin.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { startSmtpCapture } from '#tests/helpers/smtp.ts'
import { createUser } from '#tests/helpers/users.ts'

// The admin area's behaviour through its pages (no JavaScript: plain posts) and its JSON calls,
// against a real PostgreSQL and a real SMTP server on loopback.
const smtp = await startSmtpCapture()
afterAll(() => smtp.close())
// The invitation lifetime is read from the environment when an invitation is made.
process.env.INVITATION_TTL_DAYS = '10'
const { baseUrl, db, boss, config, storage } = await startTestServer({ SMTP_URL: smtp.url })
await boss.work('send-email', sendEmailHandler({ db, transport: createTransport(smtp.url), from: config.mailFrom }))
const pages = pageClient(baseUrl)
let who: Awaited<ReturnType<typeof adminAndUser>>

beforeAll(async () => {
  who = await adminAndUser(baseUrl, db)
})
beforeEach(async () => {
  await db.deleteFrom('rate_limits').execute()
})

const api = async (method: string, path: string, body?: unknown, token = who.admin.token) => {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as any }
}

async function lastAudit(action: string) {
  return db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst()
}

async function addDocument(userId: string, status: string, options: { minutes?: number; storageKey?: string | null; daysAgo?: number } = {}) {
  const style = await db.selectFrom('reference_styles').select('id').orderBy('id').executeTakeFirstOrThrow()
  const batchId = crypto.randomUUID()
  const createdAt = new Date(Date.now() - (options.daysAgo ?? 1) * 86_400_000)
  await db.insertInto('batches').values({ id: batchId, user_id: userId, reference_style_id: style.id }).execute()
  return (
    await db
      .insertInto('documents')
      .values({
        user_id: userId,
        batch_id: batchId,
        reference_style_id: style.id,
        original_filename: `paper-${status}.pdf`,
        size_bytes: 100,
        upload_status: status,
        storage_key: options.storageKey ?? null,
        created_at: createdAt,
        completed_at: status === 'completed' ? new Date(createdAt.getTime() + (options.minutes ?? 2) * 60_000) : null,
        page_count: 3,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
}

describe('overview', () => {
  it('counts the seventeen figures over the real tables', async () => {
    await addDocument(who.user.id, 'completed', { minutes: 4 })
    await addDocument(who.user.id, 'completed', { minutes: 2 })
    await addDocument(who.user.id, 'ps1_timeout')
    await addDocument(who.user.id, 'processing_colors')
    await db.insertInto('subscribers').values([
      { email: 'sub1@example.org', first_name: 'S', marketing_consent: true },
      { email: who.user.email, first_name: 'U', marketing_consent: false },
    ]).execute()
    const { json, status } = await api('GET', '/api/admin/analytics/overview')
    expect(status).toBe(200)
    expect(Object.keys(json)).toHaveLength(17)
    expect(json).toMatchObject({
      total_users: 2,
      active_users: 2,
      new_users_30d: 2,
      total_documents: 4,
      completed_documents: 2,
      processing_documents: 1,
      total_error_rate: 25,
      ps1_error_rate: 25,
      ps2_error_rate: 0,
      avg_processing_minutes: 3,
      max_processing_minutes: 4,
      total_subscriptions: 2,
      newsletter_subscriptions: 1,
      new_subscriptions_30d: 2,
    })
    const page = await pages.get('/admin', who.admin.cookie)
    const html = await page.text()
    for (const label of ['Total users', 'Total error rate', 'Refresh', 'Last updated:', 'Manage users', 'Translations']) expect(html).toContain(label)
    expect(html).toContain('href="/admin/translations"')
  })
})

describe('users', () => {
  it('searches e-mail and names case-insensitively, filters, sorts and pages in the URL', async () => {
    const res = await api('GET', `/api/admin/users?search=${encodeURIComponent('LOVELACE')}`)
    expect(res.json.users.length).toBe(2)
    expect(res.json.users[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), email: expect.any(String), firstName: 'Ada', lastName: 'Lovelace', organization: 'Analytical Society', isActive: true, createdAt: expect.any(String) }),
    )
    expect((await api('GET', '/api/admin/users?status=admin')).json.users.map((u: { email: string }) => u.email)).toEqual([who.admin.email])
    const html = await (await pages.get('/admin/users?search=nobody-here', who.admin.cookie)).text()
    expect(html).toContain('No users found matching your criteria.')
    const sorted = await (await pages.get('/admin/users?sort_by=email&sort_order=asc', who.admin.cookie)).text()
    expect(sorted.indexOf(who.admin.email)).toBeLessThan(sorted.indexOf(who.user.email))
  })

  it('sends the public reset mail from the page, with the spec messages and an audit entry', async () => {
    const res = await pages.post('/admin/users', { intent: 'reset', user_id: who.user.id }, who.admin.cookie)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Password reset email sent successfully!')
    const mail = await smtp.waitForMail(who.user.email)
    expect(mail.text).toMatch(/\/reset-password\//)
    expect(await lastAudit('password_reset_sent')).toMatchObject({ admin_user_id: who.admin.id, resource_type: 'user', resource_id: who.user.id, ip_address: expect.any(String) })
    const bad = await api('POST', '/api/admin/users/00000000-0000-0000-0000-000000000000/send-password-reset')
    expect(bad.status).toBe(404)
    expect(bad.json.message).toBe('User not found.')
  })

  it('deactivates (ending sessions and sign-in) and reactivates, audited', async () => {
    const target = await createUser(db, { email: 'target@example.org' })
    const cookie = await pageLogin(baseUrl, target.email, target.password)
    const res = await pages.post('/admin/users', { intent: 'deactivate', user_id: target.id }, who.admin.cookie)
    expect(await res.text()).toContain('User target@example.org deactivated successfully.')
    expect((await pages.get('/dashboard', cookie)).status).toBe(302)
    const login = await pages.post('/login', { email: target.email, password: target.password })
    expect(login.status).not.toBe(302)
    expect((await lastAudit('user_updated'))?.details).toMatchObject({ change: 'deactivated' })
    await pages.post('/admin/users', { intent: 'activate', user_id: target.id }, who.admin.cookie)
    expect((await pages.post('/login', { email: target.email, password: target.password })).status).toBe(302)
    expect((await lastAudit('user_updated'))?.details).toMatchObject({ change: 'activated' })
  })

  it('keeps an admin from deactivating or demoting themselves, and the last admin an admin', async () => {
    const self = await pages.post('/admin/users', { intent: 'deactivate', user_id: who.admin.id }, who.admin.cookie)
    expect(self.status).toBe(400)
    expect(await self.text()).toContain('Failed to update user: You cannot deactivate your own account.')
    const demote = await api('PUT', `/api/admin/users/${who.admin.id}`, { isAdmin: false })
    expect(demote.status).toBe(409)
    expect(demote.json.message).toBe('You cannot remove your own admin rights.')
    // A second admin may demote the first, but then nobody may demote the last one.
    const second = await createUser(db, { email: 'second-admin@example.org', isAdmin: true })
    const grant = await api('PUT', `/api/admin/users/${who.user.id}`, { isAdmin: true })
    expect(grant.status).toBe(200)
    expect((await api('PUT', `/api/admin/users/${who.user.id}`, { isAdmin: false })).status).toBe(200)
    expect((await api('PUT', `/api/admin/users/${second.id}`, { isAdmin: false })).status).toBe(200)
    const admins = await db.selectFrom('users').select('id').where('is_admin', '=', true).execute()
    expect(admins.map((a) => a.id)).toEqual([who.admin.id])
  })
})

describe('invitations', () => {
  it('checks the e-mail with the spec messages', async () => {
    const empty = await pages.post('/admin/invitations', { intent: 'send', email: '   ' }, who.admin.cookie)
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Please enter an email address')
    const bad = await api('POST', '/api/admin/invitations', { email: 'not an@email.org' })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toBe('Please enter a valid email address')
  })

  it('mails the register link, warns on a duplicate (server-rendered confirmation), sends anyway with force_send', async () => {
    const res = await pages.post('/admin/invitations', { intent: 'send', email: 'Invitee@Example.org' }, who.admin.cookie)
    expect(await res.text()).toContain('Invitation sent successfully to invitee@example.org!')
    const mail = await smtp.waitForMail('invitee@example.org')
    const link = /http\S+\/register\?code=\S+&email=\S+/.exec(mail.text)?.[0]
    expect(link).toBeTruthy()
    expect(mail.text).toContain('valid for 10 days')
    const invitation = await db.selectFrom('invitations').selectAll().where('email', '=', 'invitee@example.org').executeTakeFirstOrThrow()
    expect(Math.round((invitation.expires_at.getTime() - invitation.created_at.getTime()) / 86_400_000)).toBe(10)
    expect(await lastAudit('invitation_sent')).toMatchObject({ resource_id: invitation.id, admin_user_id: who.admin.id })

    const again = await pages.post('/admin/invitations', { intent: 'send', email: 'invitee@example.org' }, who.admin.cookie)
    expect(again.status).toBe(409)
    const html = await again.text()
    expect(html).toContain('Confirm Invitation')
    expect(html).toContain('An invitation is already pending for invitee@example.org.')
    expect(html).toContain('Do you want to send another invitation anyway?')
    expect(html).toContain('Send Anyway')
    const apiAgain = await api('POST', '/api/admin/invitations', { email: who.user.email })
    expect(apiAgain.status).toBe(409)
    expect(apiAgain.json.warning.message).toBe(`An account with the email ${who.user.email} already exists.`)

    const forced = await pages.post('/admin/invitations', { intent: 'send', email: 'invitee@example.org', force_send: 'true' }, who.admin.cookie)
    expect(forced.status).toBe(200)
    expect(await db.selectFrom('invitations').select('id').where('email', '=', 'invitee@example.org').execute()).toHaveLength(2)
    expect((await api('POST', '/api/admin/invitations', { email: who.user.email, force_send: true })).status).toBe(201)
  })

  it('creates an open code, lists the history with derived status, revokes a pending one', async () => {
    const open = await pages.post('/admin/invitations', { intent: 'open' }, who.admin.cookie)
    expect(await open.text()).toMatch(/Invitation code \S+ created successfully\./)
    await db.insertInto('invitations').values({ code: 'old-code', email: 'old@example.org', expires_at: new Date(Date.now() - 1000) }).execute()
    await db.insertInto('invitations').values({ code: 'used-code', email: 'used@example.org', used: true, expires_at: new Date(Date.now() + 86_400_000) }).execute()
    const html = await (await pages.get('/admin/invitations', who.admin.cookie)).text()
    for (const text of ['No email restriction', 'Expired', 'Used', 'Pending', 'Revoke']) expect(html).toContain(text)
    const list = await api('GET', '/api/admin/invitations')
    const pending = list.json.invitations.find((i: { email: string | null; status: string }) => i.email === null && i.status === 'pending')
    expect(pending).toBeTruthy()
    const revoked = await pages.post('/admin/invitations', { intent: 'revoke', invitation_id: pending.id }, who.admin.cookie)
    expect(await revoked.text()).toContain('Invitation revoked successfully.')
    expect(await lastAudit('invitation_revoked')).toMatchObject({ resource_id: pending.id })
    expect((await api('POST', `/api/admin/invitations/${pending.id}/revoke`)).status).toBe(409)
  })
})

describe('analytics', () => {
  it('answers each range with changes, audited; exports the CSV', async () => {
    for (const range of ['7d', '30d', '90d', '1y']) {
      const res = await api('GET', `/api/admin/analytics/detailed?range=${range}`)
      expect(res.status).toBe(200)
      for (const key of ['new_users', 'new_users_change', 'active_users', 'active_users_change', 'retention_rate', 'retention_change', 'documents_processed', 'documents_change', 'success_rate', 'success_rate_change', 'avg_processing_time', 'processing_time_change', 'ps1_timeouts', 'ps1_timeout_rate', 'make1_timeouts', 'make1_timeout_rate', 'ps2_timeouts', 'ps2_timeout_rate', 'reference_style_breakdown']) {
        expect(res.json, key).toHaveProperty(key)
      }
    }
    const week = (await api('GET', '/api/admin/analytics/detailed?range=7d')).json
    expect(week.documents_processed).toBeGreaterThanOrEqual(4)
    expect(week.ps1_timeouts).toBe(1)
    expect(Object.values(week.reference_style_breakdown).reduce((a: number, b) => a + (b as number), 0)).toBe(week.documents_processed)
    expect(await lastAudit('analytics_viewed')).toMatchObject({ resource_type: 'analytics', details: { range: '7d' } })

    const page = await (await pages.get('/admin/analytics?range=1y', who.admin.cookie)).text()
    for (const text of ['User Activity', 'Document Processing', 'Error Analysis', 'Reference Styles', '<svg', 'role="img"', 'Documents per day']) expect(page).toContain(text)

    const csv = await pages.get('/admin/analytics/export?format=csv&range=90d', who.admin.cookie)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="analytics-90d.csv"')
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0]).toBe('metric,value')
    expect(lines).toContain('range,90d')
    expect(lines.find((l) => l.startsWith('ps1_timeouts,'))).toBe('ps1_timeouts,1')
    const apiCsv = await api('GET', '/api/admin/analytics/export?format=csv&range=7d')
    expect(apiCsv.headers.get('content-disposition')).toContain('analytics-7d.csv')
  })

  it('shows the empty text with no documents in range', async () => {
    const res = await pages.get('/admin/analytics?range=7d', who.admin.cookie)
    expect(res.status).toBe(200)
    const empty = await db.selectFrom('documents').select(sql<string>`count(*)`.as('n')).where('created_at', '>=', new Date(Date.now() - 7 * 86_400_000)).executeTakeFirstOrThrow()
    if (Number(empty.n) === 0) expect(await res.text()).toContain('No reference style data available')
  })
})

describe('audit log', () => {
  it('records user_created and document_processed from the product itself, filters and pages', async () => {
    const created = await lastAudit('user_created')
    expect(created).toMatchObject({ resource_type: 'user', admin_user_id: null })
    const id = await addDocument(who.user.id, 'processing_downloads')
    await db.updateTable('documents').set({ upload_status: 'completed', completed_at: new Date() }).where('id', '=', id).execute()
    expect(await lastAudit('document_processed')).toMatchObject({ resource_type: 'document', resource_id: id })
    const res = await api('GET', '/api/admin/audit-logs?page=1&action=document_processed&resource_type=')
    expect(res.json.audit_logs.every((l: { action: string }) => l.action === 'document_processed')).toBe(true)
    expect(res.json).toHaveProperty('total_pages', 1)
    const html = await (await pages.get('/admin/audit-logs?action=password_reset_sent', who.admin.cookie)).text()
    expect(html).toContain('<details')
    expect(html).toContain(who.admin.email)
    expect(html).not.toContain('Page 1 of')
    const none = await (await pages.get('/admin/audit-logs?action=user_deleted', who.admin.cookie)).text()
    expect(none).toContain('No audit logs found...')
  })

  it('refuses to change an entry', async () => {
    const entry = await lastAudit('user_created')
    await expect(db.updateTable('audit_logs').set({ action: 'forged' }).where('id', '=', entry!.id).execute()).rejects.toThrow(/cannot be changed/)
  })
})

describe('data insights', () => {
  it('lists users, documents and subscriptions with the spec columns, and downloads the stored file', async () => {
    await storage.put('uploads/admin-test.pdf', Readable.from([Buffer.from('%PDF-1.4 test')]), 'application/pdf')
    const id = await addDocument(who.user.id, 'completed', { storageKey: 'uploads/admin-test.pdf' })
    const users = await api('GET', '/api/admin/data/users?search=&status=active&date_range=7d')
    const row = users.json.users.find((u: { email: string }) => u.email === who.user.email)
    expect(row).toMatchObject({ status: 'active', document_count: expect.any(Number), last_upload: expect.any(String) })
    const docs = await api('GET', `/api/admin/data/documents?search=completed&status=completed&user_id=${who.user.id}`)
    const doc = docs.json.documents.find((d: { id: string }) => d.id === id)
    expect(doc).toMatchObject({ filename: 'paper-completed.pdf', user: { email: who.user.email }, status: 'completed', page_count: 3, annotation_count: 0 })
    expect(doc.gcs_path).toBe(`/admin/data-insights/documents/${id}/file`)
    const subs = await api('GET', '/api/admin/data/subscriptions?search=&has_account=yes')
    expect(subs.json.subscriptions).toEqual([expect.objectContaining({ email: who.user.email, has_account: true, account_email: who.user.email, last_email_sent: null })])

    for (const tab of ['users', 'documents', 'subscriptions']) {
      expect((await pages.get(`/admin/data-insights?tab=${tab}`, who.admin.cookie)).status).toBe(200)
    }
    const html = await (await pages.get('/admin/data-insights?tab=documents', who.admin.cookie)).text()
    expect(html).toContain('No file')
    expect(html).toContain('Download')
    const file = await pages.get(doc.gcs_path, who.admin.cookie)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(await file.text()).toBe('%PDF-1.4 test')
    expect(await lastAudit('document_downloaded')).toMatchObject({ resource_id: id })
    const noUsers = await (await pages.get('/admin/data-insights?tab=users&search=zzzz', who.admin.cookie)).text()
    expect(noUsers).toContain('No users found matching your criteria.')
    expect(await (await pages.get('/admin/data-insights?tab=subscriptions&search=zzzz', who.admin.cookie)).text()).toContain('No subscriptions found...')
  })
})

it('registers through the mailed invitation link (user_created is audited)', async () => {
  await pages.post('/admin/invitations', { intent: 'send', email: 'newcomer@example.org' }, who.admin.cookie)
  const mail = await smtp.waitForMail('newcomer@example.org')
  const link = new URL(/http\S+\/register\?\S+/.exec(mail.text)![0])
  const code = link.searchParams.get('code')!
  expect(link.searchParams.get('email')).toBe('newcomer@example.org')
  const res = await pages.post(`/register?code=${code}`, { invitation_code: code, email: 'newcomer@example.org', first_name: 'New', last_name: 'Comer', password: GOOD_PASSWORD })
  expect(res.status).toBe(200)
  const user = await db.selectFrom('users').select('id').where('email', '=', 'newcomer@example.org').executeTakeFirstOrThrow()
  expect(await lastAudit('user_created')).toMatchObject({ resource_id: user.id, details: { email: 'newcomer@example.org' } })
})
