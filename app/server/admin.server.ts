import type { RouterContextProvider } from 'react-router'
import { redirect } from 'react-router'
import type { Db } from '#db/client.ts'
import { jsonError, requireApiUser, requireUser } from './auth.server.ts'
import { getInstance } from './i18n.server.ts'
import { requestInfoContext } from './services.server.ts'
import type { SessionUser } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/**
 * The admin behind an /admin page: signed out goes to /login (the page remembered), a signed-in
 * user who is not an admin goes to /dashboard.
 */
export async function requireAdmin(request: Request, context: Context): Promise<SessionUser & { sessionSecret: string }> {
  const user = await requireUser(request, context)
  if (!user.isAdmin) throw redirect('/dashboard')
  return user
}

/** The admin behind an /api/admin call: no valid token is a 401, a user who is not an admin a 403, both JSON. */
export async function requireAdminApi(request: Request, context: Context): Promise<SessionUser & { token: string }> {
  const user = await requireApiUser(request, context)
  if (!user.isAdmin) throw jsonError(403, getInstance(context).t('api.forbidden'))
  return user
}

export interface AuditEntry {
  adminUserId: string | null
  action: string
  resourceType: string
  resourceId?: string | null
  ipAddress?: string | null
  details?: Record<string, unknown>
}

/** Appends one entry to the audit log; entries are never updated or deleted by the product. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      admin_user_id: entry.adminUserId,
      action: entry.action,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId ?? null,
      ip_address: entry.ipAddress ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute()
}

/** The client IP of the request, as the HTTP server determined it (TRUST_PROXY aware), for audit entries. */
export function requestIp(context: Context): string | null {
  return context.get(requestInfoContext).ip || null
}
