/**
 * A small vocabulary for writing the OpenAPI description: every human-readable text is a
 * translation key, resolved by the `t` the description is built with, so the /api page and
 * /api/openapi.json speak the reader's language. Client-safe (no server imports): the /api page
 * builds the description while rendering instead of shipping it as loader data.
 */

export type Translate = (key: string, values?: Record<string, string | number>) => string

export interface Schema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array'
  nullable?: boolean
  format?: string
  description?: string
  example?: unknown
  enum?: readonly string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  additionalProperties?: Schema | boolean
  $ref?: string
}

export interface Parameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  description: string
  schema: Schema
}

export interface Operation {
  operationId: string
  tags: string[]
  summary: string
  description: string
  security: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>
}

export type RequestContentType = 'application/json' | 'multipart/form-data'

export type HttpMethod = 'get' | 'post' | 'put' | 'delete'
export type PathItem = Partial<Record<HttpMethod, Operation>>
export type Paths = Record<string, PathItem>

/** One area of the API (public, accounts, documents, admin): its tag and its calls. */
export interface ApiArea {
  tag: string
  paths: (t: Translate) => Paths
}

export const ERROR_SCHEMA_REF = '#/components/schemas/Error'

/** Field builders; a field's description is `apiDocs.field.<name>`, shared by every call that uses the name. */
export function fields(t: Translate) {
  const described = (name: string, schema: Schema): Schema => ({ ...schema, description: t(`apiDocs.field.${name}`) })
  return {
    string: (name: string, example: string, extra: Partial<Schema> = {}) => described(name, { type: 'string', example, ...extra }),
    integer: (name: string, example: number, extra: Partial<Schema> = {}) => described(name, { type: 'integer', example, ...extra }),
    boolean: (name: string, example: boolean) => described(name, { type: 'boolean', example }),
    object: (name: string, properties: Record<string, Schema>, required: string[] = []) =>
      described(name, { type: 'object', properties, required }),
    array: (name: string, items: Schema) => described(name, { type: 'array', items }),
  }
}

/** An object schema whose listed fields are required (those not listed are optional). */
export function body(properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema {
  return { type: 'object', properties, required }
}

interface OperationInput {
  id: string
  tag: string
  auth: 'none' | 'bearer'
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema }[]
  requestBody?: Schema
  /** JSON unless said otherwise; uploads are multipart. */
  requestContentType?: RequestContentType
  /** The success answer; JSON unless said otherwise (a file download names its type). */
  success: { status: number; schema: Schema; contentType?: string }
  errors: number[]
}

const json = (schema: Schema) => ({ 'application/json': { schema } })

/**
 * One call. Its summary, description, success and error texts are the keys
 * `apiDocs.op.<id>.summary|description|success|error.<status>`.
 */
export function operation(t: Translate, input: OperationInput): Operation {
  const responses: Operation['responses'] = {
    [input.success.status]: {
      description: t(`apiDocs.op.${input.id}.success`),
      content: { [input.success.contentType ?? 'application/json']: { schema: input.success.schema } },
    },
  }
  for (const status of input.errors) {
    responses[status] = { description: t(`apiDocs.op.${input.id}.error.${status}`), content: json({ $ref: ERROR_SCHEMA_REF }) }
  }
  return {
    operationId: input.id,
    tags: [input.tag],
    summary: t(`apiDocs.op.${input.id}.summary`),
    description: t(`apiDocs.op.${input.id}.description`),
    security: input.auth === 'bearer' ? [{ bearerAuth: [] }] : [],
    ...(input.parameters && {
      parameters: input.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required ?? p.in === 'path',
        description: p.schema.description ?? '',
        schema: p.schema,
      })),
    }),
    ...(input.requestBody && {
      requestBody: { required: true, content: { [input.requestContentType ?? 'application/json']: { schema: input.requestBody } } },
    }),
    responses,
  }
}
