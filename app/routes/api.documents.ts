import type { Route } from './+types/api.documents'
import { listOptionsFrom } from '#app/features/documents/list-options.ts'
import { absoluteMoreDownloads } from '#app/features/documents/more-downloads.server.ts'
import { listDocuments } from '#app/features/documents/queries.server.ts'
import { requireApiUser } from '#app/server/auth.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** GET /api/documents?page&per_page&sort_by&sort_order: documents, total_documents, total_pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const { db, config } = getServices(context)
  const options = listOptionsFrom(new URL(request.url).searchParams)
  const { documents, totalDocuments, totalPages } = await listDocuments(db, user.id, options)
  const absolute = (url: string | null) => (url && url.startsWith('/') ? `${config.appUrl}${url}` : url)
  return Response.json(
    {
      documents: documents.map((d) => ({
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
      total_documents: totalDocuments,
      total_pages: totalPages,
      page: options.page,
      per_page: options.perPage,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}
