import { Readable } from 'node:stream'
import type { Route } from './+types/account.export'
import { accountExport } from '#app/features/account-data/export.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** GET /account-settings/export: everything the product holds about the signed-in user, as a ZIP. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const stream = await accountExport(getServices(context), user.id)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="marginalia-export-${day}.zip"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
