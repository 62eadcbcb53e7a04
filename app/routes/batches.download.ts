import { Readable } from 'node:stream'
import type { Route } from './+types/batches.download'
import { BATCH_TYPES, batchFile } from '#app/features/batches/files.server.ts'
import { getBatch, isBatchFile } from '#app/features/batches/queries.server.ts'
import { jsonError, requireApiUser, requireUser } from '#app/server/auth.server.ts'
import { getInstance, getLocale } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import { loadOutputLabels } from '#jobs/render/load.ts'

/** A batch file (synthesis, evidence matrix, ZIP), for its owner only, once every document of the batch is final. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = request.headers.get('Authorization') ? await requireApiUser(request, context) : await requireUser(request, context)
  const services = getServices(context)
  const batch = isBatchFile(params.file) ? await getBatch(services.db, user.id, params.batchId) : null
  if (!batch || !batch.ready || !isBatchFile(params.file)) return jsonError(404, getInstance(context).t('outputs.batch.notFound'))
  const labels = await loadOutputLabels(services.db, getLocale(context))
  const body = await batchFile(services, batch, params.file, labels)
  const name = `batch-${batch.id.replace(/[^\w.-]/g, '_')}-${params.file}`
  const payload = body instanceof Readable ? (Readable.toWeb(body) as ReadableStream) : typeof body === 'string' ? body : new Uint8Array(body)
  return new Response(payload, {
    headers: {
      'Content-Type': BATCH_TYPES[params.file],
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
