import { sql } from 'kysely'
import type { Db } from '#db/client.ts'
import { isUuid } from '#app/lib/ids.ts'
import { cachedFigures } from './cache.server.ts'
import {
  ADMIN_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  RANGE_DAYS,
  type AnalyticsRange,
  type AuditListOptions,
  type InsightOptions,
  type UserListOptions,
} from './schema.ts'

/** Statuses that count as a failed document, and those still in the pipeline (001 §4 maps them to completed/processing/failed). */
const FAILED = ['failed', 'error', 'ps1_timeout', 'make1_timeout', 'ps2_timeout']
const SETTLED = ['completed', ...FAILED]
const DAY_MS = 86_400_000

const round1 = (n: number) => Math.round(n * 10) / 10
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v))
const pct = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0)
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)

// ---------------------------------------------------------------- overview (001 §3)

export interface OverviewStats {
  total_users: number
  active_users: number
  new_users_30d: number
  total_documents: number
  completed_documents: number
  processing_documents: number
  total_annotations: number
  reference_annotations: number
  note_annotations: number
  total_error_rate: number
  ps1_error_rate: number
  ps2_error_rate: number
  avg_processing_minutes: number
  max_processing_minutes: number
  total_subscriptions: number
  newsletter_subscriptions: number
  new_subscriptions_30d: number
}

/** The seventeen overview figures, each counted by SQL over the whole table. */
export async function getOverviewStats(db: Db): Promise<OverviewStats> {
  const monthAgo = new Date(Date.now() - 30 * DAY_MS)
  const [users, documents, annotations] = await Promise.all([
    sql<Record<string, string | number | null>>`
      SELECT
        (SELECT count(*) FROM users) AS total_users,
        (SELECT count(*) FROM users WHERE is_active) AS active_users,
        (SELECT count(*) FROM users WHERE created_at >= ${monthAgo}) AS new_users_30d,
        (SELECT count(*) FROM subscribers) AS total_subscriptions,
        (SELECT count(*) FROM subscribers WHERE marketing_consent) AS newsletter_subscriptions,
        (SELECT count(*) FROM subscribers WHERE created_at >= ${monthAgo}) AS new_subscriptions_30d`.execute(db),
    sql<Record<string, string | number | null>>`
      SELECT count(*) AS total_documents,
        count(*) FILTER (WHERE upload_status = 'completed') AS completed_documents,
        count(*) FILTER (WHERE upload_status <> ALL(${SETTLED})) AS processing_documents,
        count(*) FILTER (WHERE upload_status = ANY(${FAILED})) AS failed_documents,
        count(*) FILTER (WHERE upload_status IN ('ps1_timeout', 'make1_timeout')) AS ps1_failed,
        count(*) FILTER (WHERE upload_status = 'ps2_timeout') AS ps2_failed,
        avg(extract(epoch FROM completed_at - created_at) / 60) FILTER (WHERE upload_status = 'completed') AS avg_minutes,
        max(extract(epoch FROM completed_at - created_at) / 60) FILTER (WHERE upload_status = 'completed') AS max_minutes
      FROM documents`.execute(db),
    sql<Record<string, string | number | null>>`
      SELECT count(*) AS total_annotations,
        count(*) FILTER (WHERE category_id IN (SELECT id FROM color_categories WHERE name = 'Reference')) AS reference_annotations,
        count(*) FILTER (WHERE type IN ('note', 'freetext') OR coalesce(comment, '') <> '') AS note_annotations
      FROM annotations`.execute(db),
  ])
  const rows = [{ ...users.rows[0], ...documents.rows[0], ...annotations.rows[0] }]
  const r = rows[0]
  const total = num(r.total_documents)
  return {
    total_users: num(r.total_users),
    active_users: num(r.active_users),
    new_users_30d: num(r.new_users_30d),
    total_documents: total,
    completed_documents: num(r.completed_documents),
    processing_documents: num(r.processing_documents),
    total_annotations: num(r.total_annotations),
    reference_annotations: num(r.reference_annotations),
    note_annotations: num(r.note_annotations),
    total_error_rate: pct(num(r.failed_documents), total),
    ps1_error_rate: pct(num(r.ps1_failed), total),
    ps2_error_rate: pct(num(r.ps2_failed), total),
    avg_processing_minutes: round1(num(r.avg_minutes)),
    max_processing_minutes: round1(num(r.max_minutes)),
    total_subscriptions: num(r.total_subscriptions),
    newsletter_subscriptions: num(r.newsletter_subscriptions),
    new_subscriptions_30d: num(r.new_subscriptions_30d),
  }
}

// ---------------------------------------------------------------- detailed analytics (001 §3)

export interface DetailedAnalytics {
  range: AnalyticsRange
  new_users: number
  new_users_change: number
  active_users: number
  active_users_change: number
  retention_rate: number
  retention_change: number
  documents_processed: number
  documents_change: number
  success_rate: number
  success_rate_change: number
  avg_processing_time: number
  processing_time_change: number
  ps1_timeouts: number
  ps1_timeout_rate: number
  make1_timeouts: number
  make1_timeout_rate: number
  ps2_timeouts: number
  ps2_timeout_rate: number
  reference_style_breakdown: Record<string, number>
  /** For the charts: one entry per day of the range (UTC), oldest first. */
  daily: { date: string; documents: number; completed: number; failed: number; success_rate: number | null }[]
}

/** Percent change of a count or time against the previous period; from nothing to something is +100. */
function change(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100
  return round1(((current - previous) / previous) * 100)
}

/**
 * The range's figures, each against the previous period of the same length. Rates (success,
 * retention) change in percentage points. A user is active in a period when they signed in or
 * uploaded in it (last sign-in and documents are what the tables keep).
 */
export async function getDetailedAnalytics(db: Db, range: AnalyticsRange, now = new Date()): Promise<DetailedAnalytics> {
  const days = RANGE_DAYS[range]
  const end = now
  const start = new Date(end.getTime() - days * DAY_MS)
  const prevStart = new Date(start.getTime() - days * DAY_MS)
  const prevPrevStart = new Date(prevStart.getTime() - days * DAY_MS)

  const docStats = sql<Record<string, string | null>>`
    SELECT
      count(*) FILTER (WHERE created_at >= ${start}) AS docs,
      count(*) FILTER (WHERE created_at < ${start}) AS prev_docs,
      count(*) FILTER (WHERE created_at >= ${start} AND upload_status = ANY(${SETTLED})) AS settled,
      count(*) FILTER (WHERE created_at < ${start} AND upload_status = ANY(${SETTLED})) AS prev_settled,
      count(*) FILTER (WHERE created_at >= ${start} AND upload_status = 'completed') AS completed,
      count(*) FILTER (WHERE created_at < ${start} AND upload_status = 'completed') AS prev_completed,
      avg(extract(epoch FROM completed_at - created_at) / 60) FILTER (WHERE created_at >= ${start} AND upload_status = 'completed') AS avg_minutes,
      avg(extract(epoch FROM completed_at - created_at) / 60) FILTER (WHERE created_at < ${start} AND upload_status = 'completed') AS prev_avg_minutes,
      count(*) FILTER (WHERE created_at >= ${start} AND upload_status = 'ps1_timeout') AS ps1,
      count(*) FILTER (WHERE created_at >= ${start} AND upload_status = 'make1_timeout') AS make1,
      count(*) FILTER (WHERE created_at >= ${start} AND upload_status = 'ps2_timeout') AS ps2
    FROM documents WHERE created_at >= ${prevStart} AND created_at < ${end}`.execute(db)

  const userStats = sql<Record<string, string | null>>`
    SELECT
      count(*) FILTER (WHERE created_at >= ${start}) AS new_users,
      count(*) FILTER (WHERE created_at < ${start}) AS prev_new_users
    FROM users WHERE created_at >= ${prevStart} AND created_at < ${end}`.execute(db)

  // Active users per period (0 = this, 1 = previous, 2 = the one before), and who was active in two neighbouring ones.
  const activity = sql<Record<string, string | null>>`
    WITH activity AS (
      SELECT user_id, created_at AS at FROM documents WHERE created_at >= ${prevPrevStart} AND created_at < ${end}
      UNION ALL
      SELECT id, last_login_at FROM users WHERE last_login_at >= ${prevPrevStart} AND last_login_at < ${end}
    ), per_user AS (
      SELECT user_id,
        bool_or(at >= ${start}) AS p0,
        bool_or(at >= ${prevStart} AND at < ${start}) AS p1,
        bool_or(at < ${prevStart}) AS p2
      FROM activity GROUP BY user_id
    )
    SELECT count(*) FILTER (WHERE p0) AS a0, count(*) FILTER (WHERE p1) AS a1, count(*) FILTER (WHERE p2) AS a2,
      count(*) FILTER (WHERE p0 AND p1) AS kept0, count(*) FILTER (WHERE p1 AND p2) AS kept1
    FROM per_user`.execute(db)

  const styles = db
    .selectFrom('documents')
    .innerJoin('reference_styles', 'reference_styles.id', 'documents.reference_style_id')
    .select(['reference_styles.name', sql<string>`count(*)`.as('count')])
    .where('documents.created_at', '>=', start)
    .where('documents.created_at', '<', end)
    .groupBy('reference_styles.name')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('reference_styles.name')
    .execute()

  const daily = sql<{ day: string; documents: string; completed: string; failed: string }>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS documents,
      count(*) FILTER (WHERE upload_status = 'completed') AS completed,
      count(*) FILTER (WHERE upload_status = ANY(${FAILED})) AS failed
    FROM documents WHERE created_at >= ${start} AND created_at < ${end}
    GROUP BY 1`.execute(db)

  const [d, u, a, s, days_] = await Promise.all([docStats, userStats, activity, styles, daily])
  const dr = d.rows[0]
  const ur = u.rows[0]
  const ar = a.rows[0]
  const docs = num(dr.docs)
  const prevDocs = num(dr.prev_docs)
  const success = pct(num(dr.completed), num(dr.settled))
  const prevSuccess = pct(num(dr.prev_completed), num(dr.prev_settled))
  const retention = pct(num(ar.kept0), num(ar.a1))
  const prevRetention = pct(num(ar.kept1), num(ar.a2))
  const byDay = new Map(days_.rows.map((row) => [row.day, row]))
  const avg = round1(num(dr.avg_minutes))
  const prevAvg = round1(num(dr.prev_avg_minutes))
  return {
    range,
    new_users: num(ur.new_users),
    new_users_change: change(num(ur.new_users), num(ur.prev_new_users)),
    active_users: num(ar.a0),
    active_users_change: change(num(ar.a0), num(ar.a1)),
    retention_rate: retention,
    retention_change: round1(retention - prevRetention),
    documents_processed: docs,
    documents_change: change(docs, prevDocs),
    success_rate: success,
    success_rate_change: round1(success - prevSuccess),
    avg_processing_time: avg,
    processing_time_change: change(avg, prevAvg),
    ps1_timeouts: num(dr.ps1),
    ps1_timeout_rate: pct(num(dr.ps1), docs),
    make1_timeouts: num(dr.make1),
    make1_timeout_rate: pct(num(dr.make1), docs),
    ps2_timeouts: num(dr.ps2),
    ps2_timeout_rate: pct(num(dr.ps2), docs),
    reference_style_breakdown: Object.fromEntries(s.map((row) => [row.name, num(row.count)])),
    daily: everyDay(start, end).map((date) => {
      const row = byDay.get(date)
      const settled = num(row?.completed) + num(row?.failed)
      return {
        date,
        documents: num(row?.documents),
        completed: num(row?.completed),
        failed: num(row?.failed),
        success_rate: settled > 0 ? pct(num(row?.completed), settled) : null,
      }
    }),
  }
}

/** Every UTC day from `start` to `end`, as YYYY-MM-DD. */
function everyDay(start: Date, end: Date): string[] {
  const days: string[] = []
  for (let t = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()); t <= end.getTime(); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10))
  }
  return days
}

/** The figures of the CSV export, in order (one row each). */
export const CSV_FIGURES = [
  'new_users',
  'new_users_change',
  'active_users',
  'active_users_change',
  'retention_rate',
  'retention_change',
  'documents_processed',
  'documents_change',
  'success_rate',
  'success_rate_change',
  'avg_processing_time',
  'processing_time_change',
  'ps1_timeouts',
  'ps1_timeout_rate',
  'make1_timeouts',
  'make1_timeout_rate',
  'ps2_timeouts',
  'ps2_timeout_rate',
] as const

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || /^[=+\-@\t]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** `metric,value` then one row per figure and one per reference style (`reference_style:<name>`); numbers unformatted. */
export function analyticsCsv(a: DetailedAnalytics): string {
  const lines = ['metric,value', `range,${a.range}`]
  for (const key of CSV_FIGURES) lines.push(`${key},${a[key]}`)
  for (const [name, count] of Object.entries(a.reference_style_breakdown)) lines.push(`${csvCell(`reference_style:${name}`)},${count}`)
  return lines.join('\r\n') + '\r\n'
}

// ---------------------------------------------------------------- users (001 §2, §3)

export interface AdminUser {
  id: string
  email: string
  firstName: string
  lastName: string
  organization: string | null
  isActive: boolean
  isAdmin: boolean
  createdAt: string
  lastLoginAt: string | null
}

export async function listUsers(db: Db, options: UserListOptions, pageSize = ADMIN_PAGE_SIZE) {
  let query = db.selectFrom('users')
  if (options.search) {
    const pattern = `%${options.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query = query.where(sql<boolean>`lower(email::text || ' ' || first_name || ' ' || last_name) LIKE ${pattern}`)
  }
  if (options.status === 'active') query = query.where('is_active', '=', true)
  if (options.status === 'inactive') query = query.where('is_active', '=', false)
  if (options.status === 'admin') query = query.where('is_admin', '=', true)
  const { total } = await query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()
  const totalUsers = num(total)
  const totalPages = Math.max(1, Math.ceil(totalUsers / pageSize))
  const order = options.sortOrder
  let rows = query.select(['id', 'email', 'first_name', 'last_name', 'organization', 'is_active', 'is_admin', 'created_at', 'last_login_at'])
  if (options.sortBy === 'email') rows = rows.orderBy('email', order)
  else if (options.sortBy === 'name') rows = rows.orderBy('last_name', order).orderBy('first_name', order)
  else rows = rows.orderBy('created_at', order)
  const users = await rows
    .orderBy('id')
    .limit(pageSize)
    .offset((Math.min(options.page, totalPages) - 1) * pageSize)
    .execute()
  return {
    users: users.map(
      (u): AdminUser => ({
        id: u.id,
        email: u.email,
        firstName: u.first_name,
        lastName: u.last_name,
        organization: u.organization,
        isActive: u.is_active,
        isAdmin: u.is_admin,
        createdAt: iso(u.created_at)!,
        lastLoginAt: iso(u.last_login_at),
      }),
    ),
    total: totalUsers,
    totalPages,
    page: Math.min(options.page, totalPages),
  }
}


// ---------------------------------------------------------------- audit log (001 §3)

export interface AuditLogRow {
  id: string
  created_at: string
  admin_user: { email: string } | null
  action: string
  resource_type: string
  resource_id: string | null
  ip_address: string | null
  details: Record<string, unknown>
}

export async function listAuditLogs(db: Db, options: AuditListOptions, pageSize = AUDIT_PAGE_SIZE) {
  let query = db.selectFrom('audit_logs')
  if (options.action) query = query.where('audit_logs.action', '=', options.action)
  if (options.resourceType) query = query.where('audit_logs.resource_type', '=', options.resourceType)
  // The entries are read live; their count (for 'Page X of Y') is recounted at most every 30 s.
  const { value: total } = await cachedFigures(`audit-count:${options.action}:${options.resourceType}`, async () =>
    num((await query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()).total),
  )
  const totalPages = Math.max(1, Math.ceil(num(total) / pageSize))
  const page = Math.min(options.page, totalPages)
  // The page's ids first (an index-only scan, cheap even far down the log), then their rows.
  const pageIds = query
    .select('audit_logs.id')
    .orderBy('audit_logs.created_at', 'desc')
    .orderBy('audit_logs.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const rows = await db
    .selectFrom('audit_logs')
    .where('audit_logs.id', 'in', pageIds)
    .leftJoin('users', 'users.id', 'audit_logs.admin_user_id')
    .select([
      'audit_logs.id',
      'audit_logs.created_at',
      'users.email',
      'audit_logs.action',
      'audit_logs.resource_type',
      'audit_logs.resource_id',
      'audit_logs.ip_address',
      'audit_logs.details',
    ])
    .orderBy('audit_logs.created_at', 'desc')
    .orderBy('audit_logs.id', 'desc')
    .execute()
  return {
    audit_logs: rows.map(
      (r): AuditLogRow => ({
        id: String(r.id),
        created_at: iso(r.created_at)!,
        admin_user: r.email ? { email: r.email } : null,
        action: r.action,
        resource_type: r.resource_type,
        resource_id: r.resource_id,
        ip_address: r.ip_address,
        details: (r.details ?? {}) as Record<string, unknown>,
      }),
    ),
    total: num(total),
    total_pages: totalPages,
    page,
  }
}

// ---------------------------------------------------------------- data insights (001 §2, §3)

function since(range: string): Date | null {
  const days = { '7d': 7, '30d': 30, '90d': 90 }[range]
  return days ? new Date(Date.now() - days * DAY_MS) : null
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export async function insightUsers(db: Db, options: InsightOptions, pageSize = ADMIN_PAGE_SIZE) {
  let query = db.selectFrom('users')
  if (options.search) query = query.where(sql<boolean>`lower(email::text || ' ' || first_name || ' ' || last_name) LIKE ${likePattern(options.search.toLowerCase())}`)
  if (options.status === 'active') query = query.where('is_active', '=', true)
  if (options.status === 'inactive') query = query.where('is_active', '=', false)
  const from = since(options.dateRange)
  if (from) query = query.where('created_at', '>=', from)
  const { total } = await query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()
  const totalPages = Math.max(1, Math.ceil(num(total) / pageSize))
  const page = Math.min(options.page, totalPages)
  const rows = await query
    .select((eb) => [
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_active',
      'users.created_at',
      eb.selectFrom('documents').whereRef('documents.user_id', '=', 'users.id').select(sql<Date | null>`max(created_at)`.as('m')).as('last_upload'),
      eb.selectFrom('documents').whereRef('documents.user_id', '=', 'users.id').select(sql<string>`count(*)`.as('c')).as('document_count'),
    ])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
  return {
    users: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: `${r.first_name} ${r.last_name}`.trim(),
      status: r.is_active ? 'active' : 'inactive',
      created_at: iso(r.created_at)!,
      last_upload: iso(r.last_upload),
      document_count: num(r.document_count),
    })),
    total: num(total),
    total_pages: totalPages,
    page,
  }
}

export async function insightDocuments(db: Db, options: InsightOptions, pageSize = ADMIN_PAGE_SIZE) {
  let query = db.selectFrom('documents').innerJoin('users', 'users.id', 'documents.user_id')
  if (options.search) query = query.where(sql<boolean>`documents.original_filename ILIKE ${likePattern(options.search)}`)
  if (options.status === 'completed') query = query.where('documents.upload_status', '=', 'completed')
  if (options.status === 'failed') query = query.where('documents.upload_status', 'in', FAILED)
  if (options.status === 'processing') query = query.where('documents.upload_status', 'not in', SETTLED)
  if (options.userId) query = query.where('documents.user_id', '=', options.userId)
  const { total } = await query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()
  const totalPages = Math.max(1, Math.ceil(num(total) / pageSize))
  const page = Math.min(options.page, totalPages)
  const rows = await query
    .select((eb) => [
      'documents.id',
      'documents.original_filename',
      'users.email',
      'documents.upload_status',
      'documents.created_at',
      'documents.completed_at',
      'documents.page_count',
      'documents.storage_key',
      eb.selectFrom('annotations').whereRef('annotations.document_id', '=', 'documents.id').select(sql<string>`count(*)`.as('c')).as('annotation_count'),
    ])
    .orderBy('documents.created_at', 'desc')
    .orderBy('documents.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
  return {
    documents: rows.map((r) => ({
      id: r.id,
      filename: r.original_filename,
      user: { email: r.email },
      status: adminDocumentStatus(r.upload_status),
      upload_status: r.upload_status,
      created_at: iso(r.created_at)!,
      completed_at: iso(r.completed_at),
      page_count: r.page_count,
      annotation_count: num(r.annotation_count),
      gcs_path: r.storage_key ? `/admin/data-insights/documents/${r.id}/file` : null,
    })),
    total: num(total),
    total_pages: totalPages,
    page,
  }
}

/** The three statuses admin data views show (001 §4). */
export function adminDocumentStatus(status: string): 'completed' | 'processing' | 'failed' {
  if (status === 'completed') return 'completed'
  return FAILED.includes(status) ? 'failed' : 'processing'
}

export async function insightSubscriptions(db: Db, options: InsightOptions, pageSize = ADMIN_PAGE_SIZE) {
  let query = db.selectFrom('subscribers').leftJoin('users', 'users.email', 'subscribers.email')
  if (options.search) query = query.where(sql<boolean>`subscribers.email::text ILIKE ${likePattern(options.search)}`)
  if (options.hasAccount === 'yes') query = query.where('users.id', 'is not', null)
  if (options.hasAccount === 'no') query = query.where('users.id', 'is', null)
  const { total } = await query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()
  const totalPages = Math.max(1, Math.ceil(num(total) / pageSize))
  const page = Math.min(options.page, totalPages)
  const rows = await query
    .select(['subscribers.id', 'subscribers.email', 'users.email as account_email', 'subscribers.created_at', 'subscribers.last_email_sent_at'])
    .orderBy('subscribers.created_at', 'desc')
    .orderBy('subscribers.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
  return {
    subscriptions: rows.map((r) => ({
      id: r.id,
      email: r.email,
      has_account: r.account_email !== null,
      account_email: r.account_email,
      created_at: iso(r.created_at)!,
      last_email_sent: iso(r.last_email_sent_at),
    })),
    total: num(total),
    total_pages: totalPages,
    page,
  }
}

/** The stored PDF of a document, for the admin's download. */
export async function findStoredFile(db: Db, documentId: string) {
  if (!isUuid(documentId)) return undefined
  return db
    .selectFrom('documents')
    .select(['id', 'original_filename', 'storage_key', 'user_id'])
    .where('id', '=', documentId)
    .executeTakeFirst()
}

// ---------------------------------------------------------------- invitations (001 §3)

export interface AdminInvitation {
  id: string
  email: string | null
  code: string
  used: boolean
  created_at: string
  expires_at: string
}

export async function listInvitations(db: Db, page = 1, pageSize = 50) {
  const { total } = await db.selectFrom('invitations').select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()
  const totalPages = Math.max(1, Math.ceil(num(total) / pageSize))
  const current = Math.min(page, totalPages)
  const rows = await db
    .selectFrom('invitations')
    .select(['id', 'email', 'code', 'used', 'created_at', 'expires_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute()
  return {
    invitations: rows.map((r): AdminInvitation => ({
      id: r.id,
      email: r.email,
      code: r.code,
      used: r.used,
      created_at: iso(r.created_at)!,
      expires_at: iso(r.expires_at)!,
    })),
    total_pages: totalPages,
    page: current,
  }
}
