import type { Route } from './+types/admin.analytics.export'
import { exportAnalytics } from '#app/features/admin/analytics.server.ts'
import { rangeFrom } from '#app/features/admin/schema.ts'
import { requireAdmin } from '#app/server/admin.server.ts'

/** The Export CSV button's file (signed-in admin, cookie): analytics-{range}.csv. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context)
  return exportAnalytics(context, admin, rangeFrom(new URL(request.url).searchParams.get('range')))
}
