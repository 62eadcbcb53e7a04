import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import type { Db } from './client.ts'

export const REFERENCE_STYLES = [
  { slug: 'apa', name: 'APA 7' },
  { slug: 'mla', name: 'MLA 9' },
  { slug: 'chicago', name: 'Chicago (author-date)' },
  { slug: 'harvard', name: 'Harvard' },
  { slug: 'ieee', name: 'IEEE' },
  { slug: 'vancouver', name: 'Vancouver' },
] as const

/** `Reference` is the category the spec uses to mark highlights that are references. */
export const COLOR_CATEGORIES = [
  'Key finding',
  'Method',
  'Result',
  'Definition',
  'Quote',
  'Question',
  'Critique',
  'Background',
  'Reference',
] as const

interface SeedLanguage {
  code: string
  name: string
  is_default?: boolean
}

const LOCALES_DIR = path.resolve(import.meta.dirname, '..', 'locales')

/** Reads `locales/<code>/*.json` into one flat key → text map, refusing a key defined twice. */
export async function readLocale(code: string, localesDir = LOCALES_DIR): Promise<Record<string, string>> {
  const dir = path.join(localesDir, code)
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()
  const merged: Record<string, string> = {}
  for (const file of files) {
    const entries = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Record<string, string>
    for (const [key, value] of Object.entries(entries)) {
      if (key in merged) throw new Error(`Translation key "${key}" is defined twice in locales/${code}`)
      merged[key] = value
    }
  }
  return merged
}

export async function readSeedLanguages(localesDir = LOCALES_DIR): Promise<SeedLanguage[]> {
  return JSON.parse(await readFile(path.join(localesDir, 'languages.json'), 'utf8')) as SeedLanguage[]
}

/**
 * Idempotent: inserts what is missing and refreshes seeded translations, but never overwrites a
 * translation an admin has edited, nor an admin's choice of default language.
 */
export async function seed(db: Db, localesDir = LOCALES_DIR): Promise<void> {
  const languages = await readSeedLanguages(localesDir)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('reference_styles')
      .values(REFERENCE_STYLES.map((s, i) => ({ slug: s.slug, name: s.name, sort_order: i + 1 })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute()
    await trx
      .insertInto('color_categories')
      .values(COLOR_CATEGORIES.map((name, i) => ({ name, sort_order: i + 1 })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()

    const hasDefault = await trx.selectFrom('languages').select('code').where('is_default', '=', true).executeTakeFirst()
    for (const language of languages) {
      await trx
        .insertInto('languages')
        .values({
          code: language.code,
          name: language.name,
          is_active: true,
          is_default: !hasDefault && Boolean(language.is_default),
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute()
      const entries = Object.entries(await readLocale(language.code, localesDir))
      for (let i = 0; i < entries.length; i += 500) {
        await trx
          .insertInto('translations')
          .values(entries.slice(i, i + 500).map(([key, value]) => ({ language_code: language.code, key, value })))
          .onConflict((oc) =>
            oc
              .columns(['language_code', 'key'])
              .doUpdateSet({ value: sql`excluded.value`, updated_at: sql`now()` })
              .where('translations.edited_by_admin', '=', false)
              .whereRef('translations.value', 'is distinct from', 'excluded.value'),
          )
          .execute()
      }
    }
  })
}
