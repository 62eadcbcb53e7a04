import { accountsArea } from './accounts.ts'
import { adminAnalyticsArea, adminArea } from './admin.ts'
import { adminTranslationsArea } from './admin-translations.ts'
import { documentsArea } from './documents.ts'
import { batchesArea } from './outputs.ts'
import { publicArea } from './public.ts'
import { callsTagged, HTTP_METHODS, type DocumentedCall } from './calls.ts'
import type { ApiArea, Paths, Schema, Translate } from './schema.ts'

export { HTTP_METHODS, type DocumentedCall }

/**
 * Every area of the JSON API, in the order the /api page shows them. A new area is one file
 * exporting an ApiArea, added here and to areas.ts (which the page loads them through).
 */
export const API_AREAS: ApiArea[] = [publicArea, accountsArea, documentsArea, batchesArea, adminArea, adminAnalyticsArea, adminTranslationsArea]

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  tags: { name: string; description: string }[]
  paths: Paths
  components: {
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>
    schemas: Record<string, Schema>
  }
}

/** The OpenAPI 3.1 description of the JSON API, in the language of `t`. */
export function buildOpenApi(t: Translate, serverUrl: string): OpenApiDocument {
  const paths: Paths = {}
  for (const area of API_AREAS) Object.assign(paths, area.paths(t))
  return {
    openapi: '3.1.0',
    info: { title: t('apiDocs.openapi.title'), version: '1.0.0', description: t('apiDocs.openapi.description') },
    servers: [{ url: serverUrl }],
    tags: API_AREAS.map((area) => ({ name: area.tag, description: t(`apiDocs.tag.${area.tag}`) })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: t('apiDocs.auth.scheme') },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string', description: t('apiDocs.field.errorMessage'), example: 'Please select a reference style.' },
            errors: {
              type: 'object',
              description: t('apiDocs.field.errors'),
              additionalProperties: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
  }
}

/** The calls of one tag, in the order the description lists them. */
export function callsByTag(document: OpenApiDocument): { tag: string; description: string; calls: DocumentedCall[] }[] {
  return document.tags.map((tag) => ({
    tag: tag.name,
    description: tag.description,
    calls: callsTagged(document.paths, tag.name),
  }))
}
