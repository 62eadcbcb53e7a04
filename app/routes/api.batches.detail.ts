import type { Route } from './+types/api.batches.detail'
import { deleteDocuments } from '#app/features/account-data/delete.server.ts'
import { getBatch } from '#app/features/batches/queries.server.ts'
import { absoluteMoreDownloads } from '#app/features/documents/more-downloads.server.ts'
import { jsonError, methodNotAllowed, requireApiUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this call answers (server/route-targets.ts refuses the others with 405). */
export const allowedMethods = ['GET', 'HEAD', 'DELETE']

/** GET /api/batches/{batch_id}: documents (as in the documents list) and the four batch files' URLs (null until every document is final). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const { db, config } = getServices(context)
  const batch = await getBatch(db, user.id, params.batchId)
  if (!batch) return jsonError(404, getInstance(context).t('outputs.batch.notFound'))
  const absolute = (url: string | null) => (url && url.startsWith('/') ? `${config.appUrl}${url}` : url)
  return Response.json(
    {
      batch_id: batch.id,
      createdAt: batch.createdAt,
      submitted: batch.submitted,
      documents: batch.documents.map((d) => ({
        id: d.id,
        originalFilename: d.originalFilename,
        uploadedAt: d.uploadedAt,
        uploadStatus: d.uploadStatus,
        txtDownloadUrl: absolute(d.txtDownloadUrl),
        docxDownloadUrl: absolute(d.docxDownloadUrl),
        allReferencesDownloadUrl: absolute(d.allReferencesDownloadUrl),
        ...absoluteMoreDownloads(d.more, absolute),
        batch_id: d.batchId,
      })),
      synthesisDocxDownloadUrl: absolute(batch.downloads.synthesisDocxDownloadUrl),
      synthesisMarkdownDownloadUrl: absolute(batch.downloads.synthesisMarkdownDownloadUrl),
      evidenceMatrixDownloadUrl: absolute(batch.downloads.evidenceMatrixDownloadUrl),
      zipDownloadUrl: absolute(batch.downloads.zipDownloadUrl),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** DELETE /api/batches/{batch_id}: every document of the batch, its files and rows. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(context, 'GET, DELETE')
  const user = await requireApiUser(request, context)
  const services = getServices(context)
  const { t } = getInstance(context)
  if (!(await getBatch(services.db, user.id, params.batchId))) return jsonError(404, t('outputs.batch.notFound'))
  const deleted = await deleteDocuments(services, user.id, { batchId: params.batchId })
  return Response.json({ message: t('outputs.delete.batch.done'), deleted: deleted.length })
}
