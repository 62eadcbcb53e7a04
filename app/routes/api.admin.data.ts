import type { Route } from './+types/api.admin.data'
import { adminJson } from '#app/features/admin/http.server.ts'
import { insightDocuments, insightSubscriptions, insightUsers } from '#app/features/admin/queries.server.ts'
import { insightOptionsFrom } from '#app/features/admin/schema.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/**
 * GET /api/admin/data/users?search&status&date_range → {users[]};
 * GET /api/admin/data/documents?search&status&user_id → {documents[]};
 * GET /api/admin/data/subscriptions?search&has_account → {subscriptions[]}. Each also takes `page`.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminApi(request, context)
  const { db } = getServices(context)
  const search = new URL(request.url).searchParams
  if (params.kind === 'users') return adminJson(await insightUsers(db, insightOptionsFrom(search, 'users')))
  if (params.kind === 'documents') return adminJson(await insightDocuments(db, insightOptionsFrom(search, 'documents')))
  if (params.kind === 'subscriptions') {
    // has_account may be given as true/false too.
    const value = search.get('has_account')
    if (value === 'true') search.set('has_account', 'yes')
    if (value === 'false') search.set('has_account', 'no')
    return adminJson(await insightSubscriptions(db, insightOptionsFrom(search, 'subscriptions')))
  }
  return jsonError(404, getInstance(context).t('admin.api.notFound'))
}
