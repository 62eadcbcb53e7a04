import type { i18n } from 'i18next'
import { buildOpenApi, type OpenApiDocument } from './openapi.ts'

const descriptions = new WeakMap<i18n, { serverUrl: string; document: OpenApiDocument }>()

/**
 * The OpenAPI description in an i18next instance's language, built once per instance: the server
 * keeps one instance per language and makes a new one when translations change, so an edited text
 * shows as soon as the instance is replaced. Building it took a third of an /api page's time.
 * Shared by every request in that language: read it, never change it.
 */
export function apiDescription(instance: i18n, serverUrl: string): OpenApiDocument {
  const known = descriptions.get(instance)
  if (known?.serverUrl === serverUrl) return known.document
  const document = buildOpenApi(instance.t, serverUrl)
  descriptions.set(instance, { serverUrl, document })
  return document
}
