import type { Route } from './+types/extractor.events'
import { eventsSince, latestEventId } from '#app/features/documents/events.server.ts'
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
      // Each event once, whether it came live or from a catch-up read of the history table.
      const sent = new Set<number>()
      let lastSent = Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : 0
      const sendChange = (change: { eventId: number; documentId: string; to: string; message: string | null }) => {
        if (sent.has(change.eventId)) return
        sent.add(change.eventId)
        if (sent.size > 1_000) sent.delete(sent.values().next().value as number)
        lastSent = Math.max(lastSent, change.eventId)
        send(`id: ${change.eventId}\ndata: ${JSON.stringify({ document_id: change.documentId, uploadStatus: change.to, message: change.message })}\n\n`)
      }
      let closed = false
      const catchUp = async (attempt = 0): Promise<void> => {
        if (closed) return
        try {
          for (const change of await eventsSince(db, user.id, lastSent)) sendChange(change)
        } catch (error) {
          if (attempt >= 10) throw error
          await new Promise((resolve) => setTimeout(resolve, 1_000))
          return catchUp(attempt + 1)
        }
      }
      send('retry: 2000\n\n')
      // Without Last-Event-ID, the stream starts at the newest change now: a catch-up after a lost
      // LISTEN connection then re-reads only what came after.
      if (lastSent === 0) lastSent = await latestEventId(db)
      const unsubscribe = await documentEvents(databaseUrl, logger).subscribe(user.id, {
        change: sendChange,
        resync: () => {
          catchUp().catch((error: Error) => logger.warn({ error: error.message }, 'status stream could not catch up'))
        },
      })
      if (lastSent > 0) await catchUp()
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS)
      cleanup = () => {
        closed = true
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
