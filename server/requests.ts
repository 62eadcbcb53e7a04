import { Transform } from 'node:stream'
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import type { Logger } from '#app/server/logger.server.ts'
import type { RouteTarget } from './route-targets.ts'

/** JSON and form bodies: more is never needed (the largest form is a few kilobytes). */
export const BODY_LIMIT_BYTES = 1024 * 1024

const MESSAGES: Record<number, string> = {
  400: 'The request could not be read.',
  404: 'Not found.',
  405: 'Method not allowed.',
  411: 'Please send the length of the request body.',
  413: 'The request body is too large.',
  415: 'Please send the form as a form (application/x-www-form-urlencoded or multipart/form-data).',
  500: 'Something went wrong on our side. Please try again.',
}
const TITLES: Record<number, string> = {
  400: 'Bad request',
  404: '404: Page Not Found',
  405: 'Method not allowed',
  411: 'Length required',
  413: 'Request too large',
  415: 'Unsupported form',
  500: 'Something went wrong',
}

function messageFor(status: number): string {
  return MESSAGES[status] ?? (status >= 500 ? (MESSAGES[500] as string) : (MESSAGES[400] as string))
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** How long a connection whose body nobody wants stays open after the answer (for the sender to read it). */
const LINGER_MS = 2_000

/** The sender has announced a body that has not been read to its end. */
function bodyPending(req: ExpressRequest): boolean {
  if (req.complete || req.destroyed) return false
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
}

/**
 * Sends a complete answer. When the sender is still sending a body nobody will read, the answer
 * goes out at once (headers and its whole, Content-Length-framed body), the rest of the body is
 * not read (the socket is paused: the sender's writes wait on TCP, nothing is buffered here), and
 * the connection closes when the sender hangs up or after LINGER_MS. Closing at once would make
 * the sender's next write fail before it has read the answer.
 */
function sendWhole(req: ExpressRequest, res: ExpressResponse, status: number, payload: Buffer) {
  res.setHeader('Content-Length', String(payload.length))
  res.status(status)
  if (!bodyPending(req)) {
    res.end(req.method === 'HEAD' ? undefined : payload)
    return
  }
  res.setHeader('Connection', 'close')
  req.unpipe()
  req.removeAllListeners('data')
  let timer: NodeJS.Timeout | undefined
  const finish = () => {
    clearTimeout(timer)
    if (!res.writableEnded) res.end()
  }
  timer = setTimeout(finish, LINGER_MS).unref()
  req.once('end', finish)
  req.once('close', finish)
  req.pause()
  res.writeHead(status)
  if (req.method !== 'HEAD') res.write(payload)
}

/**
 * A refusal before React Router runs: JSON `{ message }` on JSON paths, a small page elsewhere;
 * a body the client is still sending is not read (see sendWhole).
 */
export function refuse(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  options: { json: boolean; headers?: Record<string, string>; message?: string },
) {
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy()
    return
  }
  const message = options.message ?? messageFor(status)
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value)
  res.setHeader('Cache-Control', 'no-store')
  if (options.json) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    sendWhole(req, res, status, Buffer.from(JSON.stringify({ message })))
    return
  }
  const title = TITLES[status] ?? 'Error'
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  sendWhole(
    req,
    res,
    status,
    Buffer.from(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Marginalia</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p></main></body></html>`,
    ),
  )
}

/** "%00" removed from a URL, repeatedly ("%%0000" would otherwise leave one behind). */
export function withoutEncodedNul(url: string): string {
  let out = url
  while (/%00/i.test(out)) out = out.replace(/%00/gi, '')
  return out
}

/**
 * "%00" leaves the URL before anything routes on it: PostgreSQL refuses NUL in text, and no path
 * or query value of this application has a use for it.
 */
export function stripEncodedNul() {
  return (req: ExpressRequest, _res: ExpressResponse, next: NextFunction) => {
    if (/%00/i.test(req.url)) req.url = withoutEncodedNul(req.url)
    next()
  }
}

/** A path whose percent-encoding is broken ("%E0%A4%A", "%ZZ") names nothing: a 400, not a guess. */
function decodablePath(pathname: string): boolean {
  if (!pathname.includes('%')) return true
  try {
    decodeURI(pathname)
    return true
  } catch {
    return false
  }
}

/**
 * The method guard, before React Router: a path answers only the methods it serves (405 with
 * `Allow` otherwise), an unknown path is a 404 for every method, and nothing reaches the render
 * with a method it cannot serve. The lookup is cached per path.
 */
export function methodGuard(targetOf: (pathname: string) => Promise<RouteTarget>) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      if (!req.url.startsWith('/')) return refuse(req, res, 400, { json: false })
      if (!decodablePath(req.path)) return refuse(req, res, 400, { json: req.path.startsWith('/api/') })
      const target = await targetOf(req.path)
      res.locals.target = target
      const method = req.method
      if (target.kind === 'notFound') {
        // The 404 page for what a browser sends; the API and every other method get the short answer.
        if (!target.json && (method === 'GET' || method === 'HEAD' || method === 'POST')) return next()
        return refuse(req, res, 404, { json: target.json })
      }
      if (!target.allow.includes(method)) {
        return refuse(req, res, 405, { json: target.json, headers: { Allow: target.allow.join(', ') } })
      }
      next()
    } catch (error) {
      next(error)
    }
  }
}

class BodyTooLargeError extends Error {}

const expectsContinue = new WeakSet<object>()

/** The request waits for "100 Continue" before sending its body (see server/web.ts). */
export function markExpectsContinue(req: object) {
  expectsContinue.add(req)
}

/** Tells a waiting sender to go on, once the body is wanted. */
function wantBody(req: ExpressRequest, res: ExpressResponse) {
  if (expectsContinue.delete(req)) res.writeContinue()
}

/** Reads a whole (small) body, counting: past the limit it stops reading and answers null. */
function readBody(req: ExpressRequest, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const cleanup = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('aborted', onAborted)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        cleanup()
        req.pause()
        resolve(null)
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      cleanup()
      resolve(Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const onAborted = () => onError(new Error('request aborted'))
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('aborted', onAborted)
  })
}

/** The body as a stream that errors past the limit (uploads, which are parsed as they arrive). */
function limitedStream(req: ExpressRequest, limit: number, onTooLarge: () => void): ReadableStream<Uint8Array> {
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      if (size > limit) {
        onTooLarge()
        callback(new BodyTooLargeError('The request body is too large.'))
        return
      }
      callback(null, chunk)
    },
  })
  req.on('aborted', () => counter.destroy(new Error('request aborted')))
  req.on('error', (error) => counter.destroy(error))
  req.pipe(counter)
  return createReadableStreamFromReadable(counter)
}

function stripNul(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value
  if (Array.isArray(value)) return value.map(stripNul)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', ''), stripNul(v)]))
  }
  return value
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i

/**
 * The body as React Router's request gets it, checked and cleaned: PostgreSQL refuses NUL in text,
 * so NUL characters are removed from every form field and JSON string, here, for every route.
 * A form body that cannot be parsed, or a page post that is not a form, is refused.
 */
async function cleanBody(
  body: Buffer,
  contentType: string,
  target: RouteTarget,
): Promise<{ body: BodyInit | null; contentType?: string } | { status: number }> {
  const isForm = FORM_TYPES.test(contentType)
  if (target.formBody && target.kind !== 'notFound' && !isForm) {
    if (body.length === 0) return { body: '', contentType: 'application/x-www-form-urlencoded' }
    return { status: 415 }
  }
  if (/^multipart\/form-data\b/i.test(contentType)) {
    let form: FormData
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType } }).formData()
    } catch {
      return { status: 400 }
    }
    const clean = new FormData()
    for (const [name, value] of form) {
      clean.append(name.replaceAll('\u0000', ''), typeof value === 'string' ? value.replaceAll('\u0000', '') : value)
    }
    return { body: clean }
  }
  const text = body.toString('utf8')
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    return { body: text.includes('\u0000') || /%00/i.test(text) ? withoutEncodedNul(text).replaceAll('\u0000', '') : text, contentType }
  }
  if (text.includes('\u0000') || /\\u0000/i.test(text)) {
    try {
      return { body: JSON.stringify(stripNul(JSON.parse(text))), contentType }
    } catch {
      return { body: text.replaceAll('\u0000', ''), contentType }
    }
  }
  return { body: new Uint8Array(body), contentType }
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue
    if (Array.isArray(values)) for (const value of values) headers.append(key, value)
    else headers.set(key, values)
  }
  return headers
}

function requestUrl(req: ExpressRequest): URL {
  const [, forwardedPort] = req.app?.enabled('trust proxy') ? (req.get('X-Forwarded-Host')?.split(':') ?? []) : []
  const [, hostPort] = req.get('host')?.split(':') ?? []
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? '', 10)).find((p) => Number.isSafeInteger(p))
  const host = `${req.hostname?.split(/[\\/?#@]/)[0] || 'localhost'}${port ? `:${port}` : ''}`
  return new URL(`${req.protocol}://${host}${withoutEncodedNul(req.url)}`)
}

function isJsonType(headers: Headers): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(headers.get('Content-Type') ?? '')
}

/**
 * The React Router request handler for Express (in place of @react-router/express), with the
 * request hardening of docs/architecture.md: body limits enforced before and while reading, NUL
 * removed from input, and every error of a JSON path answered as JSON `{ message }`.
 */
export function reactRouterHandler(options: {
  /** The build itself in production (React Router then derives its route table once), a loader in development. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'development' | 'production'
  uploadLimitBytes: number
  logger: Logger
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Promise<RouterContextProvider>
}) {
  const handler = createRequestHandler(options.build, options.mode)

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const target = res.locals.target as RouteTarget | undefined
    if (!target) return next(new Error('The method guard must run before the React Router handler.'))
    try {
      const contentType = req.get('Content-Type') ?? ''
      // The upload limit is for signed-in senders (the route checks who they are); anyone else gets 1 MB.
      const credentials = Boolean(req.headers.authorization) || /(?:^|;\s*)__session=/.test(req.headers.cookie ?? '')
      const multipartUpload = target.uploads && credentials && /^multipart\/form-data\b/i.test(contentType)
      const limit = multipartUpload ? options.uploadLimitBytes : BODY_LIMIT_BYTES
      const declared = req.get('Content-Length')
      const length = declared === undefined ? undefined : Number(declared)
      const chunked = req.get('Transfer-Encoding') !== undefined
      if (length !== undefined && (!Number.isSafeInteger(length) || length > limit)) {
        return refuse(req, res, 413, { json: target.json })
      }
      const hasBody = chunked || (length ?? 0) > 0

      let url: URL
      try {
        url = requestUrl(req)
      } catch {
        return refuse(req, res, 400, { json: target.json })
      }
      // Aborted when the connection's answer is over, finished or not: a stream the answer dropped
      // (a HEAD of the event stream) is told to clean up too.
      const controller = new AbortController()
      res.on('close', () => controller.abort())
      const headers = requestHeaders(req)
      const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }

      if (req.method !== 'GET' && req.method !== 'HEAD') {
        if (hasBody) wantBody(req, res)
        if (multipartUpload) {
          init.body = limitedStream(req, limit, () => {
            refuse(req, res, 413, { json: target.json })
            controller.abort()
          })
          init.duplex = 'half'
        } else {
          const body = hasBody ? await readBody(req, limit) : Buffer.alloc(0)
          if (body === null) return refuse(req, res, 413, { json: target.json })
          const cleaned = await cleanBody(body, contentType, target)
          if ('status' in cleaned) return refuse(req, res, cleaned.status, { json: target.json })
          headers.delete('Content-Length')
          headers.delete('Transfer-Encoding')
          if (cleaned.contentType) headers.set('Content-Type', cleaned.contentType)
          else headers.delete('Content-Type')
          init.body = cleaned.body
        }
      } else if (hasBody) {
        // A GET or HEAD body is never read; the connection is not kept for what follows it.
        res.setHeader('Connection', 'close')
      }

      const request = new Request(url.href, init)
      let response = await handler(request, await options.getLoadContext(req, res))
      if (target.json && response.status >= 400 && !isJsonType(response.headers)) {
        await response.body?.cancel()
        const replaced = new Headers(response.headers)
        replaced.delete('Content-Length')
        replaced.delete('Content-Type')
        response = Response.json({ message: messageFor(response.status) }, { status: response.status, headers: replaced })
      }
      await sendResponse(res, response)
    } catch (error) {
      // Already answered (a 413 while an upload streamed in): nothing more to say.
      if (res.writableEnded) return
      next(error)
    }
  }
}

/** Writes a React Router answer to Express's response (a page in one write, other bodies streamed). */
export async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  const req = res.req as ExpressRequest
  if (bodyPending(req)) {
    // Answered before the body was read (a 401 to an upload): a small answer, sent whole, and the rest dropped.
    res.removeHeader('Content-Length')
    sendWhole(req, res, response.status, Buffer.from(await response.arrayBuffer()))
    return
  }
  res.status(response.status)
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (!response.body) {
    res.end()
    return
  }
  try {
    if (/^text\/html/i.test(response.headers.get('Content-Type') ?? '')) {
      // A page (under 50 KB, no streamed Suspense content) is sent in one write, not one per React
      // chunk: the writes were a tenth of a signed-in page's server time.
      const page = Buffer.from(await response.arrayBuffer())
      res.setHeader('Content-Length', page.length)
      res.end(page)
      return
    }
    await writeReadableStreamToWritable(response.body, res)
  } catch (error) {
    if (res.destroyed || res.writableEnded) return
    throw error
  }
}

/** The last handler: an error nobody caught is logged and answered (JSON on JSON paths), never left hanging. */
export function finalErrorHandler(logger: Logger) {
  return (error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
    const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500
    const safeStatus = status >= 400 && status < 600 ? status : 500
    if (safeStatus >= 500) {
      logger.error(
        { reqId: res.locals.requestId, error: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined },
        'request failed',
      )
    }
    const target = res.locals.target as RouteTarget | undefined
    refuse(req, res, safeStatus, { json: target?.json ?? req.path.startsWith('/api/') })
  }
}
