import type { i18n as I18n, TFunction } from 'i18next'
import { useContext } from 'react'
import { I18nContext, useTranslation as useReactI18nextTranslation } from 'react-i18next'

interface Translation {
  t: TFunction
  i18n: I18n
}

const onServer = typeof document === 'undefined'
const serverTranslations = new WeakMap<I18n, Translation>()

/** Options i18next reads itself (plurals, context, languages, …): a call with any of them is i18next's. */
const I18NEXT_OPTIONS = new Set([
  'count', 'context', 'ordinal', 'defaultValue', 'lng', 'lngs', 'fallbackLng', 'ns', 'replace', 'interpolation', 'keyPrefix',
  'keySeparator', 'nsSeparator', 'postProcess', 'applyPostProcessor', 'returnObjects', 'returnDetails', 'joinArrays', 'nest',
  'skipInterpolation', 'missingInterpolationHandler', 'ignoreJSONStructure', 'appendNamespaceToCIMode',
])

/** A text split at its `{placeholders}`: text, name, text, …, text; null where i18next must do the work. */
type Template = readonly string[] | null

/**
 * The placeholders of a text that i18next would fill by plain substitution (our options:
 * `{name}` delimiters, no escaping, a value never interpolated again): names only. Nesting
 * (`$t(…)`), formats (`{n, number}`), unescaped (`{-name}`) and nested paths are left to i18next.
 */
export function compileTemplate(text: unknown): Template {
  if (typeof text !== 'string' || text.includes('$t(')) return null
  const parts: string[] = []
  let last = 0
  for (const match of text.matchAll(/\{(.+?)\}/g)) {
    const name = match[1].trim()
    if (!/^\w+$/.test(name) || I18NEXT_OPTIONS.has(name)) return null
    parts.push(text.slice(last, match.index), name)
    last = match.index + match[0].length
  }
  parts.push(text.slice(last))
  return parts
}

/**
 * The text with its placeholders filled, or undefined (i18next's to do) when a placeholder's value
 * is not a string or a number, or an option is one i18next reads itself. Other values the text
 * does not use are ignored, as i18next ignores them.
 */
export function fillTemplate(parts: readonly string[], values: Record<string, unknown>): string | undefined {
  for (const name of Object.keys(values)) if (I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue')) return undefined
  let text = parts[0]
  for (let i = 1; i < parts.length; i += 2) {
    const value = Object.hasOwn(values, parts[i]) ? values[parts[i]] : undefined
    if (typeof value !== 'string' && typeof value !== 'number') return undefined
    text += String(value) + parts[i + 1]
  }
  return text
}

/** A cache's entry for a key, made once; bounded, should a key ever be built from outside input. */
function remember<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let value = cache.get(key)
  if (value === undefined && !cache.has(key)) {
    if (cache.size >= 20_000) cache.clear()
    value = make()
    cache.set(key, value)
  }
  return value as V
}

/**
 * One instance's texts never change (app/server/i18n.server.ts), so a key asked for without
 * options is looked up once, and a text with placeholders is split once and filled by plain
 * substitution after that: i18next's own look-up (key parsing, fallbacks, nesting,
 * interpolation) was a tenth of a signed-in page's server time, and its interpolation of a
 * list's row labels a twentieth of the list's. Anything else (plurals, formats, nesting) is
 * i18next's, as before.
 */
export function rememberTexts(t: TFunction): TFunction {
  const texts = new Map<string, unknown>()
  const templates = new Map<string, Template>()
  const translate = t as unknown as (...args: unknown[]) => unknown
  const remembering = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string') return translate(key, ...rest)
    if (rest.length === 0) return remember(texts, key, () => translate(key))
    const [values] = rest
    if (rest.length === 1 && values !== null && typeof values === 'object') {
      const template = remember(templates, key, () => compileTemplate(translate(key, { skipInterpolation: true })))
      const text = template && fillTemplate(template, values as Record<string, unknown>)
      if (text !== undefined && text !== null) return text
    }
    return translate(key, ...rest)
  }
  return remembering as unknown as TFunction
}

function useServerTranslation(): Translation {
  const { i18n } = useContext(I18nContext)
  let translation = serverTranslations.get(i18n)
  if (!translation) {
    translation = { t: rememberTexts(i18n.getFixedT(i18n.language)), i18n }
    serverTranslations.set(i18n, translation)
  }
  return translation
}

function useBrowserTranslation(): Translation {
  return useReactI18nextTranslation() as unknown as Translation
}

/**
 * react-i18next's useTranslation in the browser (it re-renders on a language change). On the
 * server an instance's language never changes (app/server/i18n.server.ts), so every component of
 * a render shares one fixed `t` instead of building a wrapper per component and render, which
 * was a tenth of a signed-in page's server time.
 */
export const useTranslation: () => Translation = onServer ? useServerTranslation : useBrowserTranslation
