import { describe, expect, it } from 'vitest'
import { transition } from '#app/features/documents/transitions.server.ts'
import { insertDocument } from '#tests/helpers/documents.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { browserSessionCookie, createUser } from '#tests/helpers/users.ts'

const { baseUrl, db } = await startTestServer()

const cookieFor = (userId: string) => browserSessionCookie(db, userId)

/** Reads Server-Sent Events from a fetch body, one parsed event at a time. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  return async function next(timeoutMs = 5_000): Promise<{ id?: string; data?: string }> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event: { id?: string; data?: string } = {}
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) event.id = line.slice(4)
          if (line.startsWith('data: ')) event.data = line.slice(6)
        }
        if (event.data) return event
        continue
      }
      if (Date.now() > deadline) throw new Error('no event in time')
      const { value, done } = await reader.read()
      if (done) throw new Error('stream ended')
      buffer += decoder.decode(value, { stream: true })
    }
  }
}

describe('status events (SSE)', () => {
  it('push each change of the user\'s own documents, and only theirs', async () => {
    const user = await createUser(db)
    const other = await createUser(db)
    const mine = await insertDocument(db, user.id)
    const theirs = await insertDocument(db, other.id)
    const controller = new AbortController()
    const res = await fetch(`${baseUrl}/extractor/events`, { headers: { Cookie: await cookieFor(user.id) }, signal: controller.signal })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const next = eventReader(res.body as ReadableStream<Uint8Array>)
    // Give the stream a moment to subscribe before the change commits.
    await new Promise((r) => setTimeout(r, 200))
    await transition(db, theirs.id, 'processing_apa')
    await transition(db, mine.id, 'processing_apa')
    const event = await next()
    expect(JSON.parse(event.data as string)).toEqual({ document_id: mine.id, uploadStatus: 'processing_apa', message: null })
    expect(Number(event.id)).toBeGreaterThan(0)
    controller.abort()
  })

  it('resume after Last-Event-ID with what was missed', async () => {
    const user = await createUser(db)
    const document = await insertDocument(db, user.id)
    const first = await transition(db, document.id, 'processing_apa')
    await transition(db, document.id, 'apa_extracted')
    await transition(db, document.id, 'processing_colors')
    const controller = new AbortController()
    const res = await fetch(`${baseUrl}/extractor/events`, {
      headers: { Cookie: await cookieFor(user.id), 'Last-Event-ID': String(first?.eventId) },
      signal: controller.signal,
    })
    const next = eventReader(res.body as ReadableStream<Uint8Array>)
    expect(JSON.parse((await next()).data as string).uploadStatus).toBe('apa_extracted')
    expect(JSON.parse((await next()).data as string).uploadStatus).toBe('processing_colors')
    controller.abort()
  })

  it('needs a signed-in user', async () => {
    const res = await fetch(`${baseUrl}/extractor/events`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fextractor%2Fevents')
  })

  it('refuses a transition from a status that does not lead to it', async () => {
    const user = await createUser(db)
    const document = await insertDocument(db, user.id)
    expect(await transition(db, document.id, 'completed')).toBeNull()
    expect(await transition(db, document.id, 'raw_annotations_inserted')).toBeNull()
    const row = await db.selectFrom('documents').select('upload_status').where('id', '=', document.id).executeTakeFirstOrThrow()
    expect(row.upload_status).toBe('uploaded')
  })
})
