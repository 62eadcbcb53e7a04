import routes from '#app/routes.ts'

interface RouteEntry {
  path?: string
  index?: boolean
  children?: RouteEntry[]
}

function patterns(entries: RouteEntry[], prefix = ''): string[] {
  return entries.flatMap((r) => {
    const here = r.index ? prefix : r.path ? `${prefix}/${r.path}` : prefix
    return [...(r.path || r.index ? [here || '/'] : []), ...patterns(r.children ?? [], here)]
  })
}

/** Every concrete path of a route pattern, with each parameter's values (optional ones also left out). */
function expand(pattern: string, paramValues: Record<string, string[]>): string[] {
  const segments = pattern.split('/').filter(Boolean)
  let paths = ['']
  for (const segment of segments) {
    if (segment === '*') {
      paths = paths.flatMap((p) => [`${p}/no/such/page`, `${p}/favicon.svg`, `${p}/%00`])
      continue
    }
    const param = /^:(\w+)(\?)?$/.exec(segment)
    if (!param) {
      paths = paths.map((p) => `${p}/${segment}`)
      continue
    }
    const values = paramValues[param[1] as string] ?? ['x']
    paths = paths.flatMap((p) => [...values.map((v) => `${p}/${v}`), ...(param[2] ? [p] : [])])
  }
  return paths.map((p) => p || '/')
}

/** The concrete paths of every route in app/routes.ts, parameters filled with the given values ('x' for others). */
export function routePaths(paramValues: Record<string, string[]>): string[] {
  return [...new Set(patterns(routes as RouteEntry[]).flatMap((pattern) => expand(pattern, paramValues)))]
}
