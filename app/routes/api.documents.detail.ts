import type { Route } from './+types/api.documents.detail'
import { isUuid } from '#app/lib/ids.ts'
import { deleteDocuments } from '#app/features/account-data/delete.server.ts'
import { absoluteMoreDownloads } from '#app/features/documents/more-downloads.server.ts'
import { getDocument } from '#app/features/documents/queries.server.ts'
import { jsonError, methodNotAllowed, requireApiUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this call answers (server/route-targets.ts refuses the others with 405). */
export const allowedMethods = ['GET', 'HEAD', 'DELETE']

/**
 * GET /api/documents/{id}: the spec's fields for the upload page's polling and the detail view.
 * Another user's document is a 404, exactly like a missing one.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const { db, config } = getServices(context)
  const document = isUuid(params.id) ? await getDocument(db, user.id, params.id) : null
  if (!document) return jsonError(404, getInstance(context).t('api.documentNotFound'))
  const absolute = (url: string | null) => (url && url.startsWith('/') ? `${config.appUrl}${url}` : url)
  const references = document.references.map((r) => ({
    id: r.id,
    categorization_tag: 'Reference',
    reference_text: r.referenceText,
    annotation_text: r.referenceText,
    reference_url: r.referenceUrl,
    is_split_reference: r.isSplitReference,
    children: r.children.map((c) => ({ reference_text: c.referenceText, reference_url: c.referenceUrl })),
  }))
  return Response.json(
    {
      id: document.id,
      originalFilename: document.originalFilename,
      createdAt: document.createdAt,
      uploadedAt: document.createdAt,
      uploadStatus: document.uploadStatus,
      statusMessage: document.statusMessage,
      extractedColorsJson: document.extractedColors,
      pageNumbers: document.pageNumbers,
      extractedApaReference: document.citation,
      allReferencesDownloadUrl: absolute(document.allReferencesDownloadUrl),
      docxDownloadUrl: absolute(document.docxDownloadUrl),
      txtDownloadUrl: absolute(document.txtDownloadUrl),
      ...absoluteMoreDownloads(document.more, absolute),
      batch_id: document.batchId,
      references,
      annotations: references,
      highlights: document.annotations,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** DELETE /api/documents/{id}: the document, its stored PDF, generated files, annotations and references. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(context, 'GET, DELETE')
  const user = await requireApiUser(request, context)
  const { t } = getInstance(context)
  const deleted = isUuid(params.id) ? await deleteDocuments(getServices(context), user.id, { documentId: params.id }) : []
  if (deleted.length === 0) return jsonError(404, t('api.documentNotFound'))
  return Response.json({ message: t('outputs.delete.document.done') })
}
