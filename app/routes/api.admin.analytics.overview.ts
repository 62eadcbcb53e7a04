import type { Route } from './+types/api.admin.analytics.overview'
import { adminJson } from '#app/features/admin/http.server.ts'
import { cachedFigures } from '#app/features/admin/cache.server.ts'
import { getOverviewStats } from '#app/features/admin/queries.server.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** GET /api/admin/analytics/overview[?refresh]: the overview's stats object (001 §3), recomputed at most every 30 s unless `refresh`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, context)
  const { db } = getServices(context)
  const refresh = new URL(request.url).searchParams.has('refresh')
  return adminJson((await cachedFigures('overview', () => getOverviewStats(db), { refresh })).value)
}
