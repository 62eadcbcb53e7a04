import type { InitOptions, ResourceKey } from 'i18next'

export const DEFAULT_LANGUAGE = 'en'
export const LANGUAGE_COOKIE = 'preferred_language'

/**
 * Translations are a flat key → text map with `{placeholder}` substitution, as the spec stores them;
 * keys may contain dots and colons, so i18next must not split them.
 */
export const I18N_OPTIONS = {
  defaultNS: 'translation',
  ns: ['translation'],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
} satisfies InitOptions

/**
 * The spec marks a plural with a `_plural` sibling key (`file` / `file_plural`); i18next resolves
 * plurals through `_one` / `_other`, so both spellings are offered to it.
 */
export function toI18nextResources(flat: Record<string, string>): Record<string, ResourceKey> {
  const out: Record<string, string> = { ...flat }
  for (const [key, value] of Object.entries(flat)) {
    if (!key.endsWith('_plural')) continue
    const base = key.slice(0, -'_plural'.length)
    // A language with CLDR forms of its own (Arabic: _zero … _other) keeps them.
    if (!(`${base}_other` in flat)) out[`${base}_other`] = value
    if (base in flat && !(`${base}_one` in flat)) out[`${base}_one`] = flat[base]
  }
  return out
}

/**
 * The spec's language rule: with no preference stored (the spec's "en or unset"), the server's
 * default language is used; a language the visitor picked is kept, English included, since the
 * cookie is only ever written by the picker (see docs/decisions.md).
 */
export function chooseLanguage(preferred: string | null | undefined, active: string[], serverDefault: string): string {
  if (preferred && active.includes(preferred)) return preferred
  if (active.includes(serverDefault)) return serverDefault
  return active.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (active[0] ?? DEFAULT_LANGUAGE)
}

/** The languages i18next falls back through: the server's default, then English. */
export function fallbackChain(language: string, serverDefault: string): string[] {
  return [...new Set([serverDefault, DEFAULT_LANGUAGE])].filter((code) => code !== language)
}
