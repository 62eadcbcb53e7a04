import { describe, expect, it } from 'vitest'
import routes from '#app/routes.ts'
import { ACCOUNT_RESEARCH_FIELDS, ACCOUNT_TITLES, REGISTRATION_RESEARCH_FIELDS, REGISTRATION_TITLES } from '#app/features/accounts/schema.ts'
import { DOCUMENTED_OPTIONS } from './accounts.ts'
import { API_AREA_TAGS, loadApiArea } from './areas.ts'
import { API_AREAS, buildOpenApi, callsByTag, HTTP_METHODS } from './openapi.ts'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { curlExample, errorResponses, exampleOf, flattenFields, requestSchema, successResponse } from './render.ts'

// The English texts, as seeded; every key the description asks for must be among them.
const localesDir = resolve(import.meta.dirname, '../../../locales/en')
const english: Record<string, string> = Object.assign(
  {},
  ...readdirSync(localesDir).map((file) => JSON.parse(readFileSync(join(localesDir, file), 'utf8')) as Record<string, string>),
)
const missingKeys = new Set<string>()
const translate = (key: string) => {
  if (!(key in english)) missingKeys.add(key)
  return english[key] ?? ''
}
const document = buildOpenApi(translate, 'https://marginalia.example')

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

  it('finds every text it uses among the English translations', () => {
    expect([...missingKeys]).toEqual([])
  })

  it('gives every field a description and an example', () => {
    for (const call of calls) {
      const schemas = [requestSchema(call), successResponse(call).schema]
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
      "curl -X GET 'https://it'\\''s.example/api/translations/en?ns=nav%2Cfooter'",
    )
  })
})

describe('a multipart upload', () => {
  it('is written as curl -F fields, the file attached from disk', () => {
    expect(curlExample(call('/api/upload', 'post'), 'https://m.example')).toBe(
      [
        "curl -X POST 'https://m.example/api/upload'",
        '  -H "Authorization: Bearer $TOKEN"',
        "  -F 'pdf_file=@paper.pdf;type=application/pdf'",
        "  -F 'reference_style_id=1'",
        "  -F 'batch_id=1748908800000-9f86d081884c'",
      ].join(' \\\n'),
    )
  })

  it('puts query parameters with their examples into the URL', () => {
    expect(curlExample(call('/api/documents', 'get'), 'https://m.example')).toContain(
      "'https://m.example/api/documents?page=1&per_page=10&sort_by=uploaded_at&sort_order=desc'",
    )
  })
})

describe('documented option lists', () => {
  it('agree with the ones the account forms validate against', () => {
    expect(DOCUMENTED_OPTIONS.accountTitles).toEqual(ACCOUNT_TITLES)
    expect(DOCUMENTED_OPTIONS.registrationTitles).toEqual(REGISTRATION_TITLES)
    expect(DOCUMENTED_OPTIONS.profileResearchFields).toEqual([...new Set([...ACCOUNT_RESEARCH_FIELDS, ...REGISTRATION_RESEARCH_FIELDS])])
    expect(DOCUMENTED_OPTIONS.registrationResearchFields).toEqual(REGISTRATION_RESEARCH_FIELDS)
  })

  it('are shown beside the field they constrain', () => {
    const rows = flattenFields(requestSchema(call('/api/register', 'post'))!)
    expect(rows.find((r) => r.name === 'title')?.values).toEqual(REGISTRATION_TITLES)
  })
})

describe('areas loaded one at a time (the /api page)', () => {
  it('are the areas of the description, in its order, each the same module', async () => {
    expect(API_AREA_TAGS).toEqual(API_AREAS.map((area) => area.tag))
    for (const [i, tag] of API_AREA_TAGS.entries()) expect(await loadApiArea(tag)).toBe(API_AREAS[i])
  })
})
