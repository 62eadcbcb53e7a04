import { z } from 'zod'

/** The spec's constants (001 §9) and the admin lists' URL options; client-safe. */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', '1y'] as const
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]
export const DEFAULT_RANGE: AnalyticsRange = '30d'
export const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 }

export const INSIGHT_DATE_RANGES = ['all', '7d', '30d', '90d'] as const
export type InsightDateRange = (typeof INSIGHT_DATE_RANGES)[number]

export const USER_FILTERS = ['all', 'active', 'inactive', 'admin'] as const
export type UserFilter = (typeof USER_FILTERS)[number]
export const USER_SORTS = ['email', 'name', 'created_at'] as const
export type UserSort = (typeof USER_SORTS)[number]

/** The spec's audit actions and resource types, then the ones this product adds for its own admin actions. */
export const AUDIT_ACTIONS = [
  'user_updated',
  'password_reset_sent',
  'analytics_viewed',
  'user_created',
  'user_deleted',
  'document_processed',
  'analytics_exported',
  'invitation_sent',
  'invitation_revoked',
  'document_downloaded',
] as const
export const AUDIT_RESOURCE_TYPES = ['user', 'document', 'analytics', 'invitation'] as const

export const INSIGHT_TABS = ['users', 'documents', 'subscriptions'] as const
export type InsightTab = (typeof INSIGHT_TABS)[number]
export const INSIGHT_USER_STATUSES = ['all', 'active', 'inactive'] as const
/** Document statuses in admin data views (001 §4). */
export const INSIGHT_DOCUMENT_STATUSES = ['all', 'completed', 'processing', 'failed'] as const
export const HAS_ACCOUNT_FILTERS = ['all', 'yes', 'no'] as const

export const ADMIN_PAGE_SIZE = 25
export const AUDIT_PAGE_SIZE = 50

function oneOf<T extends readonly string[]>(values: T, value: string | null | undefined, fallback: T[number]): T[number] {
  return value && (values as readonly string[]).includes(value) ? value : fallback
}

/** The value when it is one of `values`, else '' (no filter). */
function listed(values: readonly string[], value: string | null): string {
  return value && values.includes(value) ? value : ''
}

export function pageFrom(value: string | null): number {
  const n = Number.parseInt(value ?? '', 10)
  return Number.isFinite(n) && n >= 1 && n <= 1_000_000 ? n : 1
}

export function rangeFrom(value: string | null): AnalyticsRange {
  return oneOf(ANALYTICS_RANGES, value, DEFAULT_RANGE)
}

export interface UserListOptions {
  search: string
  status: UserFilter
  sortBy: UserSort
  sortOrder: 'asc' | 'desc'
  page: number
}

export function userListOptionsFrom(params: URLSearchParams): UserListOptions {
  return {
    search: (params.get('search') ?? '').trim().slice(0, 200),
    status: oneOf(USER_FILTERS, params.get('status'), 'all'),
    sortBy: oneOf(USER_SORTS, params.get('sort_by'), 'created_at'),
    sortOrder: params.get('sort_order') === 'asc' ? 'asc' : 'desc',
    page: pageFrom(params.get('page')),
  }
}

export interface AuditListOptions {
  action: string
  resourceType: string
  page: number
}

export function auditListOptionsFrom(params: URLSearchParams): AuditListOptions {
  return {
    action: listed(AUDIT_ACTIONS, params.get('action')),
    resourceType: listed(AUDIT_RESOURCE_TYPES, params.get('resource_type')),
    page: pageFrom(params.get('page')),
  }
}

export interface InsightOptions {
  tab: InsightTab
  search: string
  status: string
  dateRange: InsightDateRange
  hasAccount: (typeof HAS_ACCOUNT_FILTERS)[number]
  userId: string
  page: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function insightOptionsFrom(params: URLSearchParams, tab?: InsightTab): InsightOptions {
  const which = tab ?? oneOf(INSIGHT_TABS, params.get('tab'), 'users')
  const statuses = which === 'documents' ? INSIGHT_DOCUMENT_STATUSES : INSIGHT_USER_STATUSES
  const userId = params.get('user_id') ?? ''
  return {
    tab: which,
    search: (params.get('search') ?? '').trim().slice(0, 200),
    status: oneOf(statuses, params.get('status'), 'all'),
    dateRange: oneOf(INSIGHT_DATE_RANGES, params.get('date_range'), 'all'),
    hasAccount: oneOf(HAS_ACCOUNT_FILTERS, params.get('has_account'), 'all'),
    userId: UUID.test(userId) ? userId : '',
    page: pageFrom(params.get('page')),
  }
}

/** The invitation form (001 §5): trimmed; empty and malformed addresses have the spec's messages. */
export const InvitationSchema = z.object({
  email: z
    .string({ error: 'admin.invitations.emailRequired' })
    .trim()
    .min(1, { error: 'admin.invitations.emailRequired' })
    .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), { error: 'admin.invitations.emailInvalid' }),
  force_send: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()).optional(),
})

/** The JSON call's body: `{email}` or `{email, force_send: true}`; an empty or absent e-mail makes an open code only when `open` is true. */
export const InvitationApiSchema = z.object({
  email: z.string().trim().nullish(),
  force_send: z.boolean().optional(),
  open: z.boolean().optional(),
})

/** Derived invitation status (001 §4). */
export function invitationStatus(inv: { used: boolean; expiresAt: string }, now = Date.now()): 'used' | 'expired' | 'pending' {
  if (inv.used) return 'used'
  return new Date(inv.expiresAt).getTime() < now ? 'expired' : 'pending'
}

/** The user badge (001 §4): inactive, pending (never signed in) or active. */
export function userBadge(u: { isActive: boolean; lastLoginAt: string | null }): 'active' | 'inactive' | 'pending' {
  if (!u.isActive) return 'inactive'
  return u.lastLoginAt ? 'active' : 'pending'
}
