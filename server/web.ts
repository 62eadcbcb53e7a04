import type { Server } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import compression from 'compression'
import express from 'express'
import onHeaders from 'on-headers'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { LANGUAGE_COOKIE } from '#app/lib/i18n.ts'
import type { cacheSessionsOf } from '#app/server/session-cache.server.ts'
import { SESSION_COOKIE } from '#app/server/session.server.ts'
import type { Services } from '#app/server/services.server.ts'
import { admissionControl } from './admission.ts'
import { healthHandler } from './health.ts'
import { requestLogging, sameOriginCheck, securityHeaders } from './http.ts'
import { databaseAvailability, outageGuard } from './outage.ts'
import { anonymousPageCache } from './page-cache.ts'
import { routeTargets } from './route-targets.ts'
import { finalErrorHandler, markExpectsContinue, methodGuard, reactRouterHandler, stripEncodedNul } from './requests.ts'
import { MAX_FILES_PER_BATCH } from '#app/features/documents/schema.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build')

/** The entry.server module re-exports the context keys, so the server and the bundle share them. */
type AppEntry = {
  servicesContext: Parameters<RouterContextProvider['set']>[0]
  requestInfoContext: Parameters<RouterContextProvider['set']>[0]
  cacheSessionsOf: typeof cacheSessionsOf
}

async function loadBuild(dev: boolean) {
  if (!dev) {
    const build = (await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)) as ServerBuild
    return { build: () => Promise.resolve(build), assets: null }
  }
  const vite = await import('vite')
  const server = await vite.createServer({ root: ROOT, server: { middlewareMode: true } })
  return {
    build: () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    assets: server,
  }
}

export async function startWeb(services: Services): Promise<{ server: Server; close: () => Promise<void> }> {
  const { config, logger, db, boss } = services
  const dev = config.env === 'development'
  const { build, assets } = await loadBuild(dev)
  const app = express()
  app.disable('x-powered-by')
  if (config.trustProxy) app.set('trust proxy', true)

  app.use(requestLogging(logger))
  app.use(stripEncodedNul())
  app.use(
    securityHeaders({
      frameSources: [config.feedbackFormUrl, config.demoVideoUrl].filter((u) => u !== undefined),
      dev,
      hsts: config.hsts,
    }),
  )
  const sessionCache = ((await build()).entry.module as unknown as AppEntry).cacheSessionsOf(db, { databaseUrl: services.databaseUrl, logger })
  // A change made here reaches this process's session cache before the answer goes out (docs/decisions.md).
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') onHeaders(res, sessionCache.clear)
    next()
  })
  const availability = databaseAvailability(db, logger)
  app.get('/healthz', healthHandler(availability, boss, config.healthToken))
  app.use(compression())
  app.use(sameOriginCheck(config.appUrl))
  if (assets) {
    app.use(assets.middlewares)
  } else {
    app.use('/assets', express.static(path.join(BUILD_DIR, 'client/assets'), { immutable: true, maxAge: '1y' }))
    // The public folder holds files only (favicon, robots.txt, …): a page path has no extension
    // and skips the file-system look-up it would otherwise cost on every request.
    const publicFiles = express.static(path.join(BUILD_DIR, 'client'), { maxAge: '1h' })
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
  }
  const getLoadContext = async (req: express.Request, res: express.Response) => {
    const entry = (await build()).entry.module as unknown as AppEntry
    const context = new RouterContextProvider()
    context.set(entry.servicesContext, services)
    context.set(entry.requestInfoContext, {
      nonce: String(res.locals.nonce ?? ''),
      requestId: String(res.locals.requestId ?? ''),
      ip: req.ip ?? '',
    })
    return context
  }
  // Every method on every path answers: 405 with Allow, 404, or the route (see docs/architecture.md).
  app.use(methodGuard(routeTargets(build)))
  app.use(
    admissionControl({
      maxAdmitted: config.maxConcurrentRequests,
      concurrency: config.requestConcurrency,
      maxWaitMs: config.requestMaxWaitMs,
      isLongLived: (req) => req.path === '/extractor/events',
      takesNoSlot: (req) =>
        (req.method === 'POST' && /^multipart\/form-data\b/i.test(req.get('Content-Type') ?? '')) ||
        /\/(?:download\/[^/]+|export|export-excel|file)$/.test(req.path),
    }),
  )
  if (!dev && config.pageCacheSeconds > 0) {
    app.use(
      anonymousPageCache({
        build,
        getLoadContext,
        sessionCookie: SESSION_COOKIE,
        languageCookie: LANGUAGE_COOKIE,
        ttlMs: config.pageCacheSeconds * 1000,
      }),
    )
  }
  // While PostgreSQL is down, pages and API calls answer 503 here instead of failing in React Router
  // (a public page already in the page cache is still served).
  app.use(await outageGuard(availability))
  app.use(
    reactRouterHandler({
      build: dev ? build : await build(),
      mode: dev ? 'development' : 'production',
      logger,
      // A page upload carries up to a batch of PDFs; each file is also held to UPLOAD_MAX_MB by the parser.
      uploadLimitBytes: (config.uploadMaxMb * MAX_FILES_PER_BATCH + 1) * 1024 * 1024,
      getLoadContext,
    }),
  )
  app.use(finalErrorHandler(logger))

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s))
    s.on('error', reject)
  })
  server.keepAliveTimeout = 5_000
  // "Expect: 100-continue" (curl's way with large bodies): the 100 goes out only when the body is
  // wanted, so a refused one (405, 413, …) is never sent at all.
  server.removeAllListeners('checkContinue')
  server.on('checkContinue', (req, res) => {
    markExpectsContinue(req)
    app(req, res)
  })

  const close = async () => {
    await assets?.close()
    await sessionCache.stop()
    await new Promise<void>((resolve) => {
      // Finish in-flight requests, then give long-lived ones (event streams) a last moment.
      const force = setTimeout(() => server.closeAllConnections(), 10_000).unref()
      server.close(() => {
        clearTimeout(force)
        resolve()
      })
      server.closeIdleConnections()
    })
  }
  return { server, close }
}
