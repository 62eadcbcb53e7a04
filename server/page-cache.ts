import { createHash } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { sendResponse } from './requests.ts'

/**
 * Anonymous visits to the public pages are rendered once per page, language and TTL window and
 * then served from memory (docs/decisions.md, "Page cache"). A page only ever reaches the cache
 * when the request carries no session cookie, asks for no query (but `/api`'s `area`; a link's
 * tracking parameters are left out, and the page is rendered without them), and the render
 * answered 200 HTML without setting a cookie: nothing per-visitor can be stored.
 *
 * The CSP nonce: a cached page keeps the nonce it was rendered with, and the answer's CSP header
 * names that nonce. These pages reflect no request input, so the shared nonce gives injected
 * markup nothing to ride on; it changes whenever the page is rendered anew.
 */

const CACHEABLE_PATHS = new Set(['/', '/support', '/privacy-policy', '/terms-of-service', '/api', '/login', '/register', '/request-password-reset'])
const MAX_ENTRIES = 500
/**
 * Parameters that campaign and social links add for the sender's analytics; no page reads them.
 * A newsletter's link to `/?utm_source=…` is served from the cache like `/`.
 */
const TRACKING_PARAMETERS = new Set(['fbclid', 'gclid', 'gbraid', 'wbraid', 'dclid', 'msclkid', 'mc_cid', 'mc_eid', 'yclid', 'twclid', 'igshid'])
const isTrackingParameter = (name: string) => name.startsWith('utm_') || TRACKING_PARAMETERS.has(name)

interface Entry {
  body: string
  nonce: string
  etag: string
  headers: [string, string][]
  renderedAt: number
}

interface Options {
  build: () => Promise<ServerBuild>
  getLoadContext: (req: Request, res: Response) => Promise<RouterContextProvider>
  sessionCookie: string
  languageCookie: string
  ttlMs: number
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim()
  }
  return undefined
}

interface Cacheable {
  key: string
  /** The address the page is rendered for: the request's, without tracking parameters. */
  url: string
}

/** Where a request may be answered from the cache, else undefined. */
function cacheable(req: Request, options: Options): Cacheable | undefined {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !CACHEABLE_PATHS.has(req.path)) return undefined
  if (cookieValue(req.headers.cookie, options.sessionCookie) !== undefined) return undefined
  const query = new URLSearchParams(req.originalUrl.slice(req.path.length + 1))
  for (const name of new Set(query.keys())) if (isTrackingParameter(name)) query.delete(name)
  const names = [...query.keys()]
  const allowed = req.path === '/api' ? names.every((name) => name === 'area') && names.length <= 1 : names.length === 0
  if (!allowed) return undefined
  const url = query.size > 0 ? `${req.path}?${query}` : req.path
  return { key: `${url}|${cookieValue(req.headers.cookie, options.languageCookie) ?? ''}`, url }
}

function fetchRequest(req: Request, url: string): globalThis.Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return new globalThis.Request(`${req.protocol}://${req.get('host')}${url}`, { method: 'GET', headers })
}

/** A render's outcome: the stored page, or an answer that may not be stored (a 404, a page that sets a cookie). */
type Rendered = { entry: Entry } | { uncacheable: globalThis.Response }

export function anonymousPageCache(options: Options) {
  const entries = new Map<string, Entry>()
  const rendering = new Map<string, Promise<Rendered>>()
  let handler: ReturnType<typeof createRequestHandler> | undefined

  async function render({ key, url }: Cacheable, req: Request, res: Response): Promise<Rendered> {
    handler ??= createRequestHandler(await options.build(), 'production')
    const nonce = String(res.locals.nonce ?? '')
    const response = await handler(fetchRequest(req, url), await options.getLoadContext(req, res))
    const html = response.headers.get('content-type')?.startsWith('text/html')
    if (response.status !== 200 || !html || response.headers.has('set-cookie') || !nonce) return { uncacheable: response }
    const body = await response.text()
    const previous = entries.get(key)
    // The same page again (only the nonce differs): keep the stored one, so its ETag holds.
    if (previous && body.replaceAll(nonce, previous.nonce) === previous.body) {
      previous.renderedAt = Date.now()
      return { entry: previous }
    }
    const entry: Entry = {
      body,
      nonce,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      headers: [...response.headers].filter(([name]) => !['content-length', 'etag', 'cache-control', 'vary'].includes(name)),
      renderedAt: Date.now(),
    }
    entries.delete(key)
    entries.set(key, entry)
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
    return { entry }
  }

  function send(entry: Entry, res: Response) {
    const csp = res.getHeader('Content-Security-Policy')
    if (typeof csp === 'string') res.setHeader('Content-Security-Policy', csp.replace(/'nonce-[^']*'/, `'nonce-${entry.nonce}'`))
    res.locals.nonce = entry.nonce
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    res.setHeader('Cache-Control', 'public, max-age=10, must-revalidate')
    res.setHeader('Vary', 'Cookie')
    res.setHeader('ETag', entry.etag)
    res.status(200).send(entry.body)
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    const target = cacheable(req, options)
    if (!target) return next()
    try {
      const cached = entries.get(target.key)
      if (cached && Date.now() - cached.renderedAt < options.ttlMs) return send(cached, res)
      let pending = rendering.get(target.key)
      const renderer = !pending
      if (!pending) {
        pending = render(target, req, res).finally(() => rendering.delete(target.key))
        rendering.set(target.key, pending)
      }
      const rendered = await pending
      if ('entry' in rendered) return send(rendered.entry, res)
      // The render that may not be stored is this request's answer (rendering it again would double
      // the cost of, say, an unknown `/api` area). Those waiting with it render their own, as does a
      // failure, so that the server's outage page answers while the database is down.
      if (renderer && rendered.uncacheable.status < 500) return await sendResponse(res, rendered.uncacheable)
      if (renderer) await rendered.uncacheable.body?.cancel()
      return next()
    } catch (error) {
      next(error)
    }
  }
}
