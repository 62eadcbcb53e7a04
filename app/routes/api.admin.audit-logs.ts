import type { Route } from './+types/api.admin.audit-logs'
import { adminJson } from '#app/features/admin/http.server.ts'
import { listAuditLogs } from '#app/features/admin/queries.server.ts'
import { auditListOptionsFrom } from '#app/features/admin/schema.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** GET /api/admin/audit-logs?page&action&resource_type (empty values: no filter): {audit_logs[], total_pages}. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, context)
  const list = await listAuditLogs(getServices(context).db, auditListOptionsFrom(new URL(request.url).searchParams))
  return adminJson({ audit_logs: list.audit_logs, total_pages: list.total_pages, page: list.page, total: list.total })
}
