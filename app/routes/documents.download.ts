import { Readable } from 'node:stream'
import type { Route } from './+types/documents.download'
import { isUuid } from '#app/lib/ids.ts'
import { MORE_CONTENT_TYPES } from '#app/features/documents/more-downloads.server.ts'
import { downloadKey } from '#app/features/documents/queries.server.ts'
import { jsonError, requireApiUser, requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

const TYPES: Record<string, string> = {
  'notes.txt': 'text/plain; charset=utf-8',
  'notes.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'references.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ...MORE_CONTENT_TYPES,
}

/** "paper.pdf" + "notes.docx" → "paper-notes.docx", safe for a header and readable in any language. */
function downloadName(original: string, file: string): { ascii: string; utf8: string } {
  const stem = original.replace(/\.pdf$/i, '')
  const name = `${stem}-${file}`.replace(/[\r\n"]/g, '')
  return { ascii: name.replace(/[^\x20-\x7e]/g, '_'), utf8: encodeURIComponent(name) }
}

/** A generated file, for its owner only (cookie session, or a bearer token for API clients). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = request.headers.get('Authorization') ? await requireApiUser(request, context) : await requireUser(request, context)
  const { db, storage } = getServices(context)
  // A malformed id is simply not found (PostgreSQL would refuse it as a uuid).
  const found = isUuid(params.documentId) ? await downloadKey(db, user.id, params.documentId, params.file) : null
  const stream = found ? await storage.get(found.key) : null
  if (!found || !stream) return jsonError(404, getInstance(context).t('api.documentNotFound'))
  const name = downloadName(found.originalFilename, params.file)
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': TYPES[params.file] ?? 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
