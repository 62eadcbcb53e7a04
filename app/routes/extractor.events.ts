import type { Route } from './+types/extractor.events'
import { eventsSince } from '#app/features/documents/events.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { documentEvents } from '#app/server/document-events.server.ts'
import { getServices } from '#app/server/services.server.ts'

const HEARTBEAT_MS = 15_000
const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
}
const nothing = () => {}

/**
 * Server-Sent Events: every status change of the signed-in user's documents, as it commits.
 * Resumable: a reconnecting browser sends Last-Event-ID and first gets what it missed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  // HEAD: the headers only; no subscription is opened for a body nobody will read.
  if (request.method === 'HEAD') return new Response(null, { headers: STREAM_HEADERS })
  const { db, databaseUrl, logger } = getServices(context)
  const lastEventId = Number(request.headers.get('Last-Event-ID') ?? new URL(request.url).searchParams.get('lastEventId'))
  const encoder = new TextEncoder()
  let cleanup: () => void = nothing

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          cleanup()
        }
      }
      const sendChange = (change: { eventId: number; documentId: string; to: string; message: string | null }) =>
        send(`id: ${change.eventId}\ndata: ${JSON.stringify({ document_id: change.documentId, uploadStatus: change.to, message: change.message })}\n\n`)
      send('retry: 2000\n\n')
      const unsubscribe = await documentEvents(databaseUrl, logger).subscribe(user.id, sendChange)
      if (Number.isSafeInteger(lastEventId) && lastEventId > 0) {
        for (const change of await eventsSince(db, user.id, lastEventId)) sendChange(change)
      }
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS)
      cleanup = () => {
        clearInterval(heartbeat)
        unsubscribe()
      }
      request.signal.addEventListener('abort', () => {
        cleanup()
        try {
          controller.close()
        } catch {
          // already closed
        }
      })
    },
    cancel() {
      cleanup()
    },
  })
  return new Response(stream, { headers: STREAM_HEADERS })
}
