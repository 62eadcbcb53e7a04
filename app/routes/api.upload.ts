import type { Route } from './+types/api.upload'
import { receiveUpload } from '#app/features/documents/upload.server.ts'
import { jsonError, methodNotAllowed, requireApiUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** The methods this path serves (read by the HTTP layer's method guard; others get 405 with Allow). */
export const allowedMethods = ['POST']

/** Multipart PDF uploads, streamed, up to the upload limit (other bodies are capped at 1 MB). */
export const acceptsUploads = true

export async function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

/** POST /api/upload: multipart pdf_file, reference_style_id, batch_id; one call per file. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const user = await requireApiUser(request, context)
  const services = getServices(context)
  const { t } = getInstance(context)
  if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) return jsonError(400, t('upload.error.unreadable'))
  const result = await receiveUpload({ ...services, maxMb: services.config.uploadMaxMb }, request, user.id)
  if (!result.ok) return jsonError(result.status, t(result.key, result.values))
  return Response.json(
    { document_id: result.documentIds[0], document_ids: result.documentIds, batch_id: result.batchId, message: 'File uploaded successfully' },
    { status: 201 },
  )
}
