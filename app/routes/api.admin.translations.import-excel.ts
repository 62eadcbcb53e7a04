import type { Route } from './+types/api.admin.translations.import-excel'
import { ImportError, importWorkbook, parseImportForm } from '#app/features/translations/excel.server.ts'
import { requestIp, requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError, methodNotAllowed } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, 'POST')
}

/**
 * POST /api/admin/translations/import-excel (multipart field `file`): the message and the counts.
 * A file that cannot be imported is a 400 (413 when larger than 5 MB) and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'POST')
  const admin = await requireAdminApi(request, context)
  const { t } = getInstance(context)
  try {
    if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) throw new ImportError('adminTranslations.error.noFile')
    const { file } = await parseImportForm(request)
    if (!file) throw new ImportError('adminTranslations.error.noFile')
    const summary = await importWorkbook(getServices(context).db, file.bytes, file.name, { adminUserId: admin.id, ipAddress: requestIp(context) })
    return Response.json(
      {
        message: t('adminTranslations.message.imported'),
        updated: summary.updated,
        added: summary.added,
        unchanged: summary.unchanged,
        unknown_keys: summary.unknownKeys,
        unknown_languages: summary.unknownLanguages,
      },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  } catch (error) {
    if (error instanceof ImportError) return jsonError(error.status, t(error.key, error.values))
    throw error
  }
}
