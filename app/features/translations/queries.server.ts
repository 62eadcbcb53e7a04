import type { Db } from '#db/client.ts'
import { pluralBase } from './schema.ts'

export interface AdminLanguage {
  code: string
  name: string
  is_active: boolean
  is_default: boolean
}

export interface LanguageRow extends AdminLanguage {
  translated: number
  total: number
  missing: number
}

/** Every language, active or not: English first, then by name. */
export async function listLanguages(db: Db): Promise<AdminLanguage[]> {
  const rows = await db.selectFrom('languages').select(['code', 'name', 'is_active', 'is_default']).orderBy('name').execute()
  return [...rows.filter((l) => l.code === 'en'), ...rows.filter((l) => l.code !== 'en')]
}

export async function findLanguage(db: Db, code: string): Promise<AdminLanguage | undefined> {
  return db.selectFrom('languages').select(['code', 'name', 'is_active', 'is_default']).where('code', '=', code).executeTakeFirst()
}

/** The keys each language has a (non-empty) text for. */
async function keysByLanguage(db: Db): Promise<Map<string, Set<string>>> {
  const rows = await db.selectFrom('translations').select(['language_code', 'key']).where('value', '<>', '').execute()
  const out = new Map<string, Set<string>>()
  for (const row of rows) {
    let set = out.get(row.language_code)
    if (!set) out.set(row.language_code, (set = new Set()))
    set.add(row.key)
  }
  return out
}

/**
 * Whether a language covers one of English's keys. English's two-form `x_plural` is covered by
 * the same key or by the CLDR `x_other` a language with more plural forms uses.
 */
function covers(keys: Set<string>, englishKey: string): boolean {
  if (keys.has(englishKey)) return true
  return englishKey.endsWith('_plural') && keys.has(`${pluralBase(englishKey)}_other`)
}

/** English's keys the language has no text for, in key order. */
export function missingFrom(english: Set<string>, keys: Set<string>): string[] {
  return [...english].filter((key) => !covers(keys, key)).sort()
}

/** The language table: each language with how complete it is against English, the product's full key set. */
export async function languageTable(db: Db): Promise<LanguageRow[]> {
  const [languages, keys] = await Promise.all([listLanguages(db), keysByLanguage(db)])
  const english = keys.get('en') ?? new Set<string>()
  return languages.map((language) => {
    const missing = missingFrom(english, keys.get(language.code) ?? new Set()).length
    return { ...language, total: english.size, translated: english.size - missing, missing }
  })
}

/** The missing keys of one language, each with its English text. */
export async function missingKeys(db: Db, code: string): Promise<{ key: string; english: string }[]> {
  const [keys, englishRows] = await Promise.all([
    keysByLanguage(db),
    db.selectFrom('translations').select(['key', 'value']).where('language_code', '=', 'en').execute(),
  ])
  const englishText = new Map(englishRows.map((r) => [r.key, r.value]))
  return missingFrom(keys.get('en') ?? new Set(), keys.get(code) ?? new Set()).map((key) => ({ key, english: englishText.get(key) ?? '' }))
}
