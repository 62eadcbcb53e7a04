import type { Route } from './+types/api.admin.analytics.export'
import { exportAnalytics } from '#app/features/admin/analytics.server.ts'
import { rangeFrom } from '#app/features/admin/schema.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'

/** GET /api/admin/analytics/export?format=csv&range=…: the file analytics-{range}.csv. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminApi(request, context)
  const params = new URL(request.url).searchParams
  const format = params.get('format') ?? 'csv'
  if (format !== 'csv') return jsonError(400, getInstance(context).t('admin.analytics.exportFailed'))
  return exportAnalytics(context, admin, rangeFrom(params.get('range')))
}
