import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COLOR_CATEGORIES } from '#db/seed.ts'
import { BUILTIN_CATEGORY_KEYS, categoryLabel, categoryLabeller } from './category-label.ts'

const locale = (code: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../locales/${code}/categories.json`), 'utf8')) as Record<string, string>
const german = locale('de')
const tGerman = (key: string) => german[key] ?? key

describe('categoryLabel', () => {
  it('translates a built-in category', () => {
    expect(categoryLabel('Key finding', tGerman)).toBe('Zentrale Erkenntnis')
    expect(categoryLabel('Reference', tGerman)).toBe('Literatur')
  })

  it('leaves a user-made category as it is', () => {
    expect(categoryLabel('My own bucket', tGerman)).toBe('My own bucket')
    expect(categoryLabel('toString', tGerman)).toBe('toString')
  })

  it('falls back to the stored name when the translation is missing', () => {
    expect(categoryLabel('Method', (key) => key)).toBe('Method')
    expect(categoryLabeller({})('Method')).toBe('Method')
  })

  it('has a key for every seeded category, and English says the stored name', () => {
    expect(Object.keys(BUILTIN_CATEGORY_KEYS).sort()).toEqual([...COLOR_CATEGORIES].sort())
    const english = locale('en')
    for (const name of COLOR_CATEGORIES) expect(categoryLabel(name, (key) => english[key] ?? key)).toBe(name)
  })

  it('labels from a translation map', () => {
    expect(categoryLabeller(german)('Question')).toBe('Frage')
  })
})
