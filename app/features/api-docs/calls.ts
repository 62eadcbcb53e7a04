import type { HttpMethod, Operation, Paths } from './schema.ts'

export const HTTP_METHODS: HttpMethod[] = ['get', 'post', 'put', 'delete']

export interface DocumentedCall {
  method: HttpMethod
  path: string
  operation: Operation
}

/** The calls of one tag, in the order the paths list them. */
export function callsTagged(paths: Paths, tag: string): DocumentedCall[] {
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method]
      return operation && operation.tags.includes(tag) ? [{ method, path, operation }] : []
    }),
  )
}
