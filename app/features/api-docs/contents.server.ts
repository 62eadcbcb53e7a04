import type { i18n } from 'i18next'
import { apiDescription } from './description.server.ts'
import { callsByTag } from './openapi.ts'

/** One line of the /api contents: method, path, operation id, summary. */
export type ContentsEntry = [method: string, path: string, operationId: string, summary: string]

/**
 * The contents of an /api page: every area, with the calls of every area on the overview (`shown`
 * null) and those of the shown area on an area's page. Sent as loader data, so that the browser
 * needs the code of the shown area's description only, and an area's page stays small.
 */
export function apiContents(instance: i18n, serverUrl: string, shown: string | null): { tag: string; description: string; calls: ContentsEntry[] }[] {
  return callsByTag(apiDescription(instance, serverUrl)).map((group) => ({
    tag: group.tag,
    description: group.description,
    calls:
      shown === null || shown === group.tag
        ? group.calls.map((call): ContentsEntry => [call.method, call.path, call.operation.operationId, call.operation.summary])
        : [],
  }))
}
