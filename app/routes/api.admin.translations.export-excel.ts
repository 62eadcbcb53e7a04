import type { Route } from './+types/api.admin.translations.export-excel'
import { exportFilename, exportWorkbook } from '#app/features/translations/excel.server.ts'
import { XLSX_MIME } from '#app/features/translations/schema.ts'
import { requireAdmin, requireAdminApi } from '#app/server/admin.server.ts'
import { getServices } from '#app/server/services.server.ts'

/**
 * GET /api/admin/translations/export-excel: the workbook, saved as translations_{date}.xlsx. API
 * clients send their bearer token; the admin page's Export link uses the admin's session.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (request.headers.get('Authorization')) await requireAdminApi(request, context)
  else await requireAdmin(request, context)
  const bytes = await exportWorkbook(getServices(context).db)
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': XLSX_MIME,
      'Content-Disposition': `attachment; filename="${exportFilename()}"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
    },
  })
}
