import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FLAG_CODES } from '#app/lib/flags.ts'
import { pluralBase } from './schema.ts'

// The seed translations: every language must say everything English says, with the same placeholders.
const localesDir = resolve(import.meta.dirname, '../../../locales')
const registered = JSON.parse(readFileSync(join(localesDir, 'languages.json'), 'utf8')) as { code: string; name: string; is_default?: boolean }[]
const folders = readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

function readLocale(code: string): Record<string, string> {
  const dir = join(localesDir, code)
  return Object.assign({}, ...readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, string>))
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort()
const english = readLocale('en')
const CLDR_FORMS = ['_zero', '_one', '_two', '_few', '_many', '_other']

describe('the seed languages', () => {
  it('registers every locale folder in languages.json, and nothing else', () => {
    expect(registered.map((l) => l.code).sort()).toEqual([...folders].sort())
    expect(registered.filter((l) => l.is_default).map((l) => l.code)).toEqual(['en'])
  })

  it('has a flag drawn in app.css for each of the spec’s 18 codes and every shipped language', () => {
    const css = readFileSync(resolve(import.meta.dirname, '../../styles/app.css'), 'utf8')
    const codes = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'sv', 'no', 'da', 'fi', 'pl', 'ru', 'ja', 'ko', 'zh', 'ar', 'hi']
    expect([...FLAG_CODES].sort()).toEqual([...codes].sort())
    for (const code of [...codes, ...registered.map((l) => l.code), 'other']) {
      expect(css, code).toMatch(new RegExp(`\\.flag-${code} \\{ background-image: url\\("data:image/svg\\+xml,`))
    }
    for (const { code } of registered) expect(FLAG_CODES.has(code), code).toBe(true)
  })

  it('German names the past list as its navigation does, everywhere', () => {
    const german = readLocale('de')
    expect(german['nav.pastUploads']).toBe('Frühere Uploads')
    // "Frühere Extraktionen", "frühere Auszüge" …: any other noun after "frühere(n)" is a second name for the same page.
    const others = Object.entries(german).filter(([, text]) => /\b[Ff]rühere[n]? (?!Uploads\b)\p{Lu}/u.test(text))
    expect(others).toEqual([])
  })

  for (const code of folders.filter((c) => c !== 'en')) {
    describe(code, () => {
      const texts = readLocale(code)

      it('has every key English has', () => {
        expect(Object.keys(english).filter((key) => !(key in texts))).toEqual([])
      })

      it('has no key English does not (CLDR plural forms of an English _plural key aside)', () => {
        const extra = Object.keys(texts).filter((key) => {
          if (key in english) return false
          const base = pluralBase(key)
          return !(base && CLDR_FORMS.some((form) => key.endsWith(form)) && `${base}_plural` in english)
        })
        expect(extra).toEqual([])
      })

      it('keeps every {placeholder}, and adds none', () => {
        const wrong: string[] = []
        for (const [key, text] of Object.entries(texts)) {
          const base = pluralBase(key)
          const source = english[key] ?? (base ? english[`${base}_plural`] : undefined)
          if (source === undefined) continue
          const expected = placeholders(source)
          const actual = placeholders(text)
          // A plural form for zero, one or two may say the number in words instead of {count}.
          const ok = key in english || !expected.includes('count') ? actual.join() === expected.join() : actual.every((p) => expected.includes(p))
          if (!ok) wrong.push(`${key}: ${actual.join(',')} ≠ ${expected.join(',')}`)
        }
        expect(wrong).toEqual([])
      })

      it('has no empty text', () => {
        expect(Object.entries(texts).filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([])
      })
    })
  }
})
