import type { Route } from './+types/api.admin.analytics.overview'
import { adminJson } from '#app/features/admin/http.server.ts'
import { getOverviewStats } from '#app/features/admin/queries.server.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** GET /api/admin/analytics/overview: the overview's stats object (001 §3). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, context)
  return adminJson(await getOverviewStats(getServices(context).db))
}
