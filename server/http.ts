import { randomBytes, randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { loggablePath, type Logger } from '#app/server/logger.server.ts'

const REQUEST_ID = /^[\w-]{8,64}$/

// Random bytes for CSP nonces, drawn from the system in blocks rather than one call per request.
const NONCE_BYTES = 16
let noncePool = Buffer.alloc(0)
let noncePoolOffset = 0

function newNonce(): string {
  if (noncePoolOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256)
    noncePoolOffset = 0
  }
  const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES)
  noncePoolOffset += NONCE_BYTES
  return nonce
}

/** One log line per request, with an id (also sent back as X-Request-Id) and its duration. */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint()
    const incoming = req.get('x-request-id')
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    res.locals.requestId = id
    res.setHeader('X-Request-Id', id)
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      logger.info(
        { reqId: id, method: req.method, path: loggablePath(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      )
    })
    next()
  }
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** Security headers on every answer, with a fresh CSP nonce for React Router's inline scripts. */
export function securityHeaders(options: { frameSources: string[]; dev: boolean; hsts?: boolean }) {
  const frames = [...new Set(options.frameSources.map(originOf).filter(Boolean))].join(' ')
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce()
    res.locals.nonce = nonce
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
    if (options.hsts) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    if (!options.dev) {
      res.setHeader(
        'Content-Security-Policy',
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data:",
          "connect-src 'self'",
          `frame-src ${frames || "'none'"}`,
          "form-action 'self'",
          "frame-ancestors 'none'",
          "base-uri 'self'",
          "object-src 'none'",
        ].join('; '),
      )
    }
    next()
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing request that a browser sent from another site. Browsers send Origin
 * (or at least Sec-Fetch-Site) with every such request; API clients such as curl send neither and
 * authenticate with a bearer token instead of a cookie.
 */
export function sameOriginCheck(appUrl: string) {
  const configured = originOf(appUrl)
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const origin = req.get('origin')
    const own = `${req.protocol}://${req.get('host')}`
    const allowed = origin ? origin === own || origin === configured : req.get('sec-fetch-site') !== 'cross-site'
    if (allowed) return next()
    res.status(403)
    if (req.path.startsWith('/api/')) res.json({ message: 'Cross-site requests are not allowed.' })
    else res.type('text/plain').send('Cross-site requests are not allowed.')
  }
}
