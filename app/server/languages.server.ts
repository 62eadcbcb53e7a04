import type { Db } from '#db/client.ts'

export interface LanguageSummary {
  code: string
  name: string
  is_default: boolean
}

interface LanguageState {
  languages: LanguageSummary[]
  defaultCode: string
}

// Short-lived caches: every request needs them, and an admin's change shows within this time
// in every web process without any cross-process signalling.
const TTL_MS = 5_000
let languageCache: { at: number; value: Promise<LanguageState> } | undefined
const translationCache = new Map<string, { at: number; value: Promise<Record<string, string>> }>()

export function clearLanguageCaches(): void {
  languageCache = undefined
  translationCache.clear()
}

/** Active languages, in name order, and the default one. */
export function getLanguageState(db: Db): Promise<LanguageState> {
  if (languageCache && Date.now() - languageCache.at < TTL_MS) return languageCache.value
  const value = db
    .selectFrom('languages')
    .select(['code', 'name', 'is_default'])
    .where('is_active', '=', true)
    .orderBy('name')
    .execute()
    .then((languages) => ({ languages, defaultCode: languages.find((l) => l.is_default)?.code ?? 'en' }))
  value.catch(() => (languageCache = undefined))
  languageCache = { at: Date.now(), value }
  return value
}

/** The flat key → text map of one language. */
export function getTranslations(db: Db, code: string): Promise<Record<string, string>> {
  const cached = translationCache.get(code)
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value
  const value = db
    .selectFrom('translations')
    .select(['key', 'value'])
    .where('language_code', '=', code)
    .execute()
    .then((rows) => Object.fromEntries(rows.map((r) => [r.key, r.value])))
  value.catch(() => translationCache.delete(code))
  translationCache.set(code, { at: Date.now(), value })
  return value
}
