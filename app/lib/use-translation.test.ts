import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createInstance, type TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { I18N_OPTIONS, toI18nextResources } from './i18n.ts'
import { compileTemplate, rememberTexts } from './use-translation.ts'

const LOCALES = path.resolve(import.meta.dirname, '../../locales')

function localeTexts(code: string): Record<string, string> {
  const dir = path.join(LOCALES, code)
  const texts: Record<string, string> = {}
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) Object.assign(texts, JSON.parse(readFileSync(path.join(dir, file), 'utf8')))
  return texts
}

async function fixedT(language: string, texts: Record<string, string>): Promise<TFunction> {
  const i18n = createInstance()
  await i18n.init({ ...I18N_OPTIONS, lng: language, fallbackLng: 'en', resources: { [language]: { translation: toI18nextResources(texts) } } })
  return i18n.getFixedT(language)
}

// Values that would trip a substitution that is not i18next's: braces, nesting, empty, zero, a number.
const VALUES: unknown[] = ['Ada', 'a {b} c', '$t(app.name)', '', 0, 12.5, 'x}{y']

describe('the server-side t (rememberTexts)', () => {
  it('gives what i18next gives for every text with placeholders, in every language', async () => {
    const languages = readdirSync(LOCALES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    let compared = 0
    for (const language of languages) {
      const texts = localeTexts(language)
      const t = await fixedT(language, texts)
      const remembering = rememberTexts(t)
      for (const [key, text] of Object.entries(texts)) {
        const names = [...text.matchAll(/\{(.+?)\}/g)].map((m) => m[1].trim())
        if (names.length === 0) continue
        for (const value of VALUES) {
          const values = Object.fromEntries(names.map((name) => [name, value]))
          // Twice: the first call splits the text, the second fills the remembered parts.
          expect(remembering(key, values)).toBe(t(key, values))
          expect(remembering(key, values)).toBe(t(key, values))
          compared += 1
        }
      }
    }
    expect(compared).toBeGreaterThan(100)
  })

  it('leaves plurals, formats, nesting, missing and extra values to i18next', async () => {
    const texts = {
      files: '{count} file',
      files_plural: '{count} files',
      nested: 'Welcome to $t(app.name), {name}',
      'app.name': 'Marginalia',
      unescaped: 'Hello {-name}',
      formatted: 'Total: {n, number}',
      plain: 'Hello {name}, page {page}',
    }
    const t = await fixedT('en', texts)
    const remembering = rememberTexts(t)
    const calls: [string, Record<string, unknown>][] = [
      ['files', { count: 1 }],
      ['files', { count: 2 }],
      ['nested', { name: 'Ada' }],
      ['unescaped', { name: 'Ada' }],
      ['formatted', { n: 3 }],
      ['plain', { name: 'Ada' }],
      ['plain', { name: 'Ada', page: 2, extra: 'x' }],
      ['plain', { name: 'Ada', page: 2, count: 1 }],
      ['plain', { name: 'Ada', page: 2, lng: 'de' }],
      ['app.name', { message: 'unused' }],
      ['plain', { name: null, page: 2 }],
      ['plain', { name: { first: 'Ada' }, page: 2 }],
    ]
    for (const [key, values] of calls) expect(remembering(key, values)).toBe(t(key, values))
    expect(remembering('files', { count: 2 })).toBe('2 files')
    expect(remembering('nested', { name: 'Ada' })).toBe('Welcome to Marginalia, Ada')
    expect(compileTemplate(texts.nested)).toBeNull()
    expect(compileTemplate(texts.formatted)).toBeNull()
    expect(compileTemplate(texts.plain)).toEqual(['Hello ', 'name', ', page ', 'page', ''])
  })
})
