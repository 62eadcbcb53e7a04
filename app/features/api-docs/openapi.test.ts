import { describe, expect, it } from 'vitest'
import routes from '#app/routes.ts'
import { buildOpenApi, callsByTag, HTTP_METHODS } from './openapi.ts'
import { curlExample, errorResponses, exampleOf, flattenFields, successResponse } from './render.ts'

const echoKey = (key: string) => key
const document = buildOpenApi(echoKey, 'https://marginalia.example')

interface RouteEntry {
  path?: string
  children?: RouteEntry[]
}

/** Every URL pattern in the route config, parents' paths joined to their children's. */
function routePaths(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path].filter(Boolean).join('/')
    return [...(entry.path ? [path] : []), ...routePaths(entry.children ?? [], path)]
  })
}

/** `api/translations/:languageCode` → `/api/translations/{languageCode}`, OpenAPI's spelling. */
const toOpenApiPath = (routePath: string) => `/${routePath.replace(/:(\w+)/g, '{$1}')}`

describe('the OpenAPI description and the routes the app answers', () => {
  const apiRoutes = routePaths(routes as RouteEntry[])
    .filter((path) => path.startsWith('api/'))
    .map(toOpenApiPath)
  const documented = Object.keys(document.paths)

  it('documents every /api/... route', () => {
    expect(apiRoutes.filter((path) => !documented.includes(path))).toEqual([])
  })

  it('documents no path the app does not answer', () => {
    expect(documented.filter((path) => !apiRoutes.includes(path))).toEqual([])
  })

  it('declares every path parameter, and only those', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      for (const method of HTTP_METHODS) {
        const operation = item[method]
        if (!operation) continue
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort()
        expect(declared, `${method.toUpperCase()} ${path}`).toEqual(inPath)
      }
    }
  })
})

describe('the OpenAPI description itself', () => {
  const calls = callsByTag(document).flatMap((group) => group.calls)

  it('is OpenAPI 3.1 with a bearer scheme and the { message } error shape', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(document.components.schemas.Error.required).toEqual(['message'])
  })

  it('gives every call a unique id, one tag, one success answer and only the conventional error statuses', () => {
    const ids = calls.map((call) => call.operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const call of calls) {
      expect(call.operation.tags).toHaveLength(1)
      expect(Object.keys(call.operation.responses).filter((s) => s.startsWith('2'))).toHaveLength(1)
      for (const { status } of errorResponses(call)) expect(['400', '401', '403', '404', '409', '413', '429']).toContain(status)
    }
  })

  it('gives every field a description and an example', () => {
    for (const call of calls) {
      const schemas = [call.operation.requestBody?.content['application/json'].schema, successResponse(call).schema]
      for (const schema of schemas) {
        if (!schema) continue
        for (const row of flattenFields(schema)) expect(row.description, `${call.operation.operationId} ${row.name}`).not.toBe('')
        expect(exampleOf(schema)).toBeDefined()
      }
    }
  })

  it('only calls that take a bearer token document 401', () => {
    for (const call of calls) {
      const documents401 = errorResponses(call).some((e) => e.status === '401')
      if (call.operation.security.length > 0) expect(documents401, call.operation.operationId).toBe(true)
    }
  })
})

const call = (path: string, method: 'get' | 'put' | 'post') => ({ path, method, operation: document.paths[path][method]! })

describe('rendering helpers', () => {
  it('flattens nested fields with their paths and required flags', () => {
    const rows = flattenFields(successResponse(call('/api/account/preferences', 'get')).schema!)
    expect(rows.map((r) => r.name)).toContain('preferredColorsCategorization[].category_id')
    expect(rows.find((r) => r.name === 'preferredColorsCategorization')).toMatchObject({ type: 'object[]', required: true })
  })

  it('writes a curl example with the bearer header and an example body', () => {
    expect(curlExample(call('/api/account/password', 'put'), 'https://m.example')).toBe(
      [
        "curl -X PUT 'https://m.example/api/account/password'",
        '  -H "Authorization: Bearer $TOKEN"',
        "  -H 'Content-Type: application/json'",
        `  -d '{"oldPassword":"Analytical!Engine1843","newPassword":"Difference!Engine1822","confirmNewPassword":"Difference!Engine1822"}'`,
      ].join(' \\\n'),
    )
  })

  it('fills path parameters from their examples and quotes single quotes for the shell', () => {
    expect(curlExample(call('/api/translations/{languageCode}', 'get'), "https://it's.example")).toBe(
      "curl -X GET 'https://it'\\''s.example/api/translations/en'",
    )
  })
})
