import type { DocumentedCall } from './openapi.ts'
import { ERROR_SCHEMA_REF, type RequestContentType, type Schema } from './schema.ts'

export interface FieldRow {
  name: string
  type: string
  required: boolean
  description: string
  /** The only values the field takes, when it has such a list. */
  values?: readonly string[]
}

function typeName(schema: Schema): string {
  if (schema.type === 'array') return `${typeName(schema.items ?? {})}[]`
  const base = schema.format ? `${schema.type} (${schema.format})` : (schema.type ?? 'object')
  return schema.nullable ? `${base} | null` : base
}

/**
 * A schema as a flat list of fields, nested ones named by path (`preferredColorsCategorization[].hex`),
 * which is how the /api page shows request and response bodies.
 */
export function flattenFields(schema: Schema, prefix = ''): FieldRow[] {
  const item = schema.type === 'array' ? (schema.items ?? {}) : schema
  const itemPrefix = schema.type === 'array' ? `${prefix}[]` : prefix
  return Object.entries(item.properties ?? {}).flatMap(([name, field]) => {
    const path = itemPrefix ? `${itemPrefix}.${name}` : name
    const values = field.enum ?? field.items?.enum
    const row: FieldRow = {
      name: path,
      type: typeName(field),
      required: item.required?.includes(name) ?? false,
      description: field.description ?? '',
      ...(values && { values }),
    }
    const nested = field.type === 'array' ? field.items : field
    return nested?.properties ? [row, ...flattenFields(field, path)] : [row]
  })
}

/** An example value built from the examples on each field. */
export function exampleOf(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example
  if (schema.type === 'array') return [exampleOf(schema.items ?? {})]
  if (schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties).map(([name, field]) => [name, exampleOf(field)]))
  }
  return {}
}

export function requestSchema(call: DocumentedCall): Schema | undefined {
  const content = call.operation.requestBody?.content
  return content && Object.values(content)[0]?.schema
}

export function requestContentType(call: DocumentedCall): RequestContentType | undefined {
  const content = call.operation.requestBody?.content
  return content && (Object.keys(content)[0] as RequestContentType)
}

/** The success answer (the one 2xx response each call has) with its status. */
export function successResponse(call: DocumentedCall): { status: string; description: string; schema?: Schema } {
  const [status, response] = Object.entries(call.operation.responses).find(([code]) => code.startsWith('2')) ?? ['200', { description: '' }]
  const content = response.content?.['application/json'] ?? Object.values(response.content ?? {})[0]
  return { status, description: response.description, schema: content?.schema }
}

export function errorResponses(call: DocumentedCall): { status: string; description: string }[] {
  return Object.entries(call.operation.responses)
    .filter(([, response]) => response.content?.['application/json']?.schema.$ref === ERROR_SCHEMA_REF)
    .map(([status, response]) => ({ status, description: response.description }))
}

export function isAuthenticated(call: DocumentedCall): boolean {
  return call.operation.security.length > 0
}

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/** A curl command that makes the call with the documented example values. */
export function curlExample(call: DocumentedCall, serverUrl: string): string {
  let path = call.path
  const query = new URLSearchParams()
  for (const parameter of call.operation.parameters ?? []) {
    const example = String(exampleOf(parameter.schema))
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(example))
    else query.set(parameter.name, example)
  }
  const url = serverUrl + path + (query.size > 0 ? `?${query}` : '')
  const lines = [`curl -X ${call.method.toUpperCase()} ${shellQuote(url)}`]
  if (isAuthenticated(call)) lines.push(`-H "Authorization: Bearer $TOKEN"`)
  const schema = requestSchema(call)
  if (schema && requestContentType(call) === 'multipart/form-data') {
    // curl's -F sends multipart/form-data; a binary field's example is the file to attach.
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      const value = String(exampleOf(field))
      const type = /\.xlsx$/i.test(value) ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/pdf'
      lines.push(`-F ${shellQuote(field.format === 'binary' ? `${name}=@${value};type=${type}` : `${name}=${value}`)}`)
    }
  } else if (schema) {
    lines.push(`-H 'Content-Type: application/json'`)
    lines.push(`-d ${shellQuote(JSON.stringify(exampleOf(schema)))}`)
  }
  return lines.join(' \\\n  ')
}
