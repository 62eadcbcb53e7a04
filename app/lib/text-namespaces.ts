import { PAGE_TEXT_NAMESPACES, SHELL_TEXT_NAMESPACES } from './text-namespaces.generated.ts'

/** A translation key's namespace: its first segment (`nav` for `nav.home`). */
export const namespaceOf = (key: string): string => key.split('.', 1)[0]

/** The namespaces a page needs in the browser, by its route pattern (React Router's `pattern`). */
export function pageTextNamespaces(pattern: string): string[] {
  return [...SHELL_TEXT_NAMESPACES, ...(PAGE_TEXT_NAMESPACES[pattern.replace(/^\/+/, '')] ?? [])]
}

/** The keys of a flat translation map that belong to the given namespaces. */
export function keysInNamespaces(texts: Record<string, string>, namespaces: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([key]) => namespaces.has(namespaceOf(key))))
}
