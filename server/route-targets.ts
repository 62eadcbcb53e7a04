import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'

/**
 * What a path leads to, as far as the HTTP layer must know before React Router runs: which methods
 * it serves, whether its errors are JSON, and how its body may be read.
 */
export interface RouteTarget {
  /** page: a route with a component; resource: loader/action only; notFound: the catch-all route. */
  kind: 'page' | 'resource' | 'notFound' | 'manifest'
  /** The methods this path serves (the Allow header of a 405). */
  allow: readonly string[]
  /** Errors are JSON `{ message }` (the API and the other resource routes) rather than a page. */
  json: boolean
  /** Its action reads `request.formData()` (pages and the plain-form resource routes). */
  formBody: boolean
  /** It takes PDF uploads (multipart bodies up to the upload limit, streamed). */
  uploads: boolean
}

/** Optional exports of a route module that the HTTP layer reads (see docs/architecture.md). */
interface RouteModuleExtras {
  /** The methods a resource route serves, when its loader or action does not tell (e.g. PUT). */
  allowedMethods?: readonly string[]
  /** The route receives PDF uploads as multipart/form-data. */
  acceptsUploads?: boolean
}

const CACHE_LIMIT = 2_000

function routeTree(build: ServerBuild): RouteObject[] {
  const routes = Object.values(build.routes).filter((r) => r !== undefined)
  const byParent = new Map<string | undefined, typeof routes>()
  for (const route of routes) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route])
  const make = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) => {
      const nested = make(r.id)
      return r.index
        ? { id: r.id, index: true, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: nested.length > 0 ? nested : undefined }
    })
  return make(undefined)
}

/** React Router's data requests name the page with a `.data` suffix ("/_.data" for "/"). */
function routePathOf(pathname: string): string {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length)
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
}

function classify(build: ServerBuild, tree: RouteObject[], pathname: string): RouteTarget {
  const api = pathname.startsWith('/api/')
  if (build.routeDiscovery?.mode === 'lazy' && pathname === build.routeDiscovery.manifestPath) {
    return { kind: 'manifest', allow: ['GET', 'HEAD'], json: true, formBody: false, uploads: false }
  }
  const matches = matchRoutes(tree, routePathOf(pathname)) ?? []
  const leaf = matches.at(-1)?.route
  const route = leaf?.id ? build.routes[leaf.id] : undefined
  if (!route || route.path === '*') return { kind: 'notFound', allow: [], json: api, formBody: false, uploads: false }
  const module = route.module as typeof route.module & RouteModuleExtras
  const uploads = module.acceptsUploads === true
  if (module.default) {
    return { kind: 'page', allow: ['GET', 'HEAD', ...(module.action ? ['POST'] : [])], json: false, formBody: true, uploads }
  }
  const allow = module.allowedMethods ?? [...(module.loader ? ['GET', 'HEAD'] : []), ...(module.action ? ['POST'] : [])]
  return { kind: 'resource', allow, json: true, formBody: !api, uploads }
}

/**
 * The route target of a path, from the server build's own route table, cached per path (a bounded
 * cache, emptied when full, since paths with ids are unbounded).
 */
export function routeTargets(getBuild: () => Promise<ServerBuild>) {
  const perBuild = new WeakMap<ServerBuild, { tree: RouteObject[]; cache: Map<string, RouteTarget> }>()
  return async (pathname: string): Promise<RouteTarget> => {
    const build = await getBuild()
    let entry = perBuild.get(build)
    if (!entry) {
      entry = { tree: routeTree(build), cache: new Map() }
      perBuild.set(build, entry)
    }
    const cached = entry.cache.get(pathname)
    if (cached) return cached
    const target = classify(build, entry.tree, pathname)
    if (entry.cache.size >= CACHE_LIMIT) entry.cache.clear()
    entry.cache.set(pathname, target)
    return target
  }
}
