import type { BackendModule, i18n as I18n } from 'i18next'
import { toI18nextResources } from './i18n.ts'

/**
 * The browser's translations, loaded by namespace (a key's first segment): the page's namespaces
 * before hydration, more when a navigation reaches a page that needs others (the root's client
 * middleware), for every language i18next holds. A key asked for whose namespace is not here
 * (a key no page analysis saw) loads its namespace and re-renders.
 */
let instance: I18n | undefined
let version = ''
/** Every namespace asked for so far: what a language i18next loads later (a language change) gets. */
const wanted = new Set<string>()
/** Loads by language and namespace, so that each is fetched once. */
const loads = new Map<string, Promise<void>>()
const loadKey = (language: string, namespace: string) => `${language} ${namespace}`

async function fetchTexts(language: string, namespaces: string[]) {
  // Sorted, so that the same page always asks the same (cacheable) URL; the version changes with any translation.
  const list = [...namespaces].sort().map(encodeURIComponent).join(',')
  const response = await fetch(`/api/translations/${encodeURIComponent(language)}?v=${encodeURIComponent(version)}&ns=${list}`)
  if (!response.ok) throw new Error(`translations of ${language}: ${response.status}`)
  return toI18nextResources((await response.json()) as Record<string, string>)
}

/** i18next's backend: a language's texts in every namespace wanted so far. */
export const textsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const namespaces = [...wanted]
    const load = fetchTexts(language, namespaces)
    const done = load.then(() => undefined)
    for (const namespace of namespaces) loads.set(loadKey(language, namespace), done)
    load.then(
      (texts) => callback(null, texts),
      (error: unknown) => {
        for (const namespace of namespaces) loads.delete(loadKey(language, namespace))
        callback(error as Error, false)
      },
    )
  },
}

/** Before i18next's init: the instance, the translations version and the page's namespaces. */
export function startTexts(i18n: I18n, translationsVersion: string, namespaces: readonly string[]): void {
  instance = i18n
  version = translationsVersion
  for (const namespace of namespaces) wanted.add(namespace)
}

/** Loads the namespaces not yet here, in every language i18next holds; resolves when they are. */
export async function ensureTexts(namespaces: readonly string[]): Promise<void> {
  const i18n = instance
  if (!i18n) return
  for (const namespace of namespaces) wanted.add(namespace)
  await Promise.all(
    (i18n.languages ?? []).map((language) => {
      const missing = namespaces.filter((namespace) => !loads.has(loadKey(language, namespace)))
      if (missing.length > 0) {
        const load = fetchTexts(language, missing).then((texts) => {
          i18n.addResourceBundle(language, 'translation', texts, true, true)
        })
        for (const namespace of missing) loads.set(loadKey(language, namespace), load)
        load.catch(() => missing.forEach((namespace) => loads.delete(loadKey(language, namespace))))
      }
      return Promise.all(namespaces.map((namespace) => loads.get(loadKey(language, namespace))))
    }),
  )
}
