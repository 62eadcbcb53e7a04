import { Readable } from 'node:stream'
import type { Route } from './+types/admin.data-insights.file'
import { actorOf } from '#app/features/admin/http.server.ts'
import { findStoredFile } from '#app/features/admin/queries.server.ts'
import { recordAudit, requireAdmin, requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/**
 * The stored PDF of any document, for an admin (cookie, or a bearer token for API clients),
 * streamed from storage (local or S3); each download is audited as `document_downloaded`.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = request.headers.get('Authorization') ? await requireAdminApi(request, context) : await requireAdmin(request, context)
  const { db, storage } = getServices(context)
  const doc = await findStoredFile(db, params.documentId)
  const stream = doc?.storage_key ? await storage.get(doc.storage_key) : null
  if (!doc || !stream) return jsonError(404, getInstance(context).t('admin.insights.fileMissing'))
  const actor = actorOf(admin, context)
  await recordAudit(db, {
    adminUserId: actor.id,
    action: 'document_downloaded',
    resourceType: 'document',
    resourceId: doc.id,
    ipAddress: actor.ip,
    details: { filename: doc.original_filename, owner_id: doc.user_id },
  })
  const name = doc.original_filename.replace(/[\r\n"]/g, '')
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
