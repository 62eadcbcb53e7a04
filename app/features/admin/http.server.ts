import type { RouterContextProvider } from 'react-router'
import { requestIp } from '#app/server/admin.server.ts'
import type { Actor } from './mutations.server.ts'

/** The acting admin and their address, for audit entries. */
export function actorOf(user: { id: string }, context: Readonly<RouterContextProvider>): Actor {
  return { id: user.id, ip: requestIp(context) }
}

/** A JSON answer an admin (and nothing in between) may read. */
export function adminJson(body: unknown, init: ResponseInit = {}): Response {
  return Response.json(body, { ...init, headers: { 'Cache-Control': 'no-store', ...(init.headers as Record<string, string> | undefined) } })
}

/** The CSV export's response: a UTF-8 file `analytics-{range}.csv`. */
export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  })
}
