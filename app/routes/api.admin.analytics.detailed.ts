import type { Route } from './+types/api.admin.analytics.detailed'
import { viewAnalytics } from '#app/features/admin/analytics.server.ts'
import { adminJson } from '#app/features/admin/http.server.ts'
import { rangeFrom } from '#app/features/admin/schema.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'

/** GET /api/admin/analytics/detailed?range=7d|30d|90d|1y (default 30d): the detailed analytics; audited as analytics_viewed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminApi(request, context)
  const params = new URL(request.url).searchParams
  const analytics = await viewAnalytics(context, admin, rangeFrom(params.get('range')), params.has('refresh'))
  return adminJson(analytics)
}
