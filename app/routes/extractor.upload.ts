import type { Route } from './+types/extractor.upload'
import { receiveUpload } from '#app/features/documents/upload.server.ts'
import { jsonError, requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** Multipart PDF uploads, streamed, up to the upload limit (other bodies are capped at 1 MB). */
export const acceptsUploads = true

/** The upload page's per-file upload with JavaScript (cookie session); answers JSON like POST /api/upload. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const services = getServices(context)
  const result = await receiveUpload({ ...services, maxMb: services.config.uploadMaxMb }, request, user.id)
  // `reason` names the refusal, so the page can put the server's sentence beside the file it concerns.
  if (!result.ok) return jsonError(result.status, getInstance(context).t(result.key, result.values), { reason: result.key })
  return Response.json({ document_id: result.documentIds[0], batch_id: result.batchId, message: 'File uploaded successfully' })
}
