import type { Route } from './+types/api.admin.users'
import { adminJson } from '#app/features/admin/http.server.ts'
import { listUsers } from '#app/features/admin/queries.server.ts'
import { userListOptionsFrom } from '#app/features/admin/schema.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** GET /api/admin/users[?search&status&sort_by&sort_order&page&per_page]: {users[], total, total_pages, page}. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, context)
  const params = new URL(request.url).searchParams
  const perPage = Math.min(500, Math.max(1, Number.parseInt(params.get('per_page') ?? '100', 10) || 100))
  const list = await listUsers(getServices(context).db, userListOptionsFrom(params), perPage)
  return adminJson({ users: list.users, total: list.total, total_pages: list.totalPages, page: list.page })
}
