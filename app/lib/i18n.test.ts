import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { chooseLanguage, fallbackChain, I18N_OPTIONS, toI18nextResources } from './i18n.ts'

describe('toI18nextResources', () => {
  it('offers a _plural key to i18next as _one/_other', async () => {
    const i18n = createInstance()
    await i18n.init({
      ...I18N_OPTIONS,
      lng: 'en',
      resources: { en: { translation: toI18nextResources({ file: '{count} file', file_plural: '{count} files' }) } },
    })
    expect(i18n.t('file', { count: 1 })).toBe('1 file')
    expect(i18n.t('file', { count: 3 })).toBe('3 files')
  })

  it('uses the six CLDR forms a language like Arabic has, beside the _plural convention', async () => {
    const i18n = createInstance()
    const forms = { x: '{count} x', x_plural: '{count} other', x_zero: 'zero', x_one: 'one', x_two: 'two', x_few: '{count} few', x_many: '{count} many', x_other: '{count} other' }
    await i18n.init({ ...I18N_OPTIONS, lng: 'ar', resources: { ar: { translation: toI18nextResources(forms) } } })
    expect([0, 1, 2, 3, 11, 100].map((count) => i18n.t('x', { count }))).toEqual(['zero', 'one', 'two', '3 few', '11 many', '100 other'])
  })

  it('substitutes {placeholder} and leaves dotted keys whole', async () => {
    const i18n = createInstance()
    await i18n.init({ ...I18N_OPTIONS, lng: 'en', resources: { en: { translation: { 'footer.contact': 'Contact: {email}' } } } })
    expect(i18n.t('footer.contact', { email: 'a@b.c' })).toBe('Contact: a@b.c')
  })
})

describe('chooseLanguage', () => {
  const active = ['en', 'de', 'fr']
  it('uses the server default when nothing is stored', () => {
    expect(chooseLanguage(null, active, 'de')).toBe('de')
    expect(chooseLanguage(undefined, active, 'en')).toBe('en')
  })
  it('keeps a language the visitor picked, English included', () => {
    expect(chooseLanguage('fr', active, 'de')).toBe('fr')
    expect(chooseLanguage('en', active, 'de')).toBe('en')
  })
  it('ignores a stored language that is no longer active', () => {
    expect(chooseLanguage('it', active, 'de')).toBe('de')
  })
})

describe('fallbackChain', () => {
  it('falls back to the server default and then English', () => {
    expect(fallbackChain('fr', 'de')).toEqual(['de', 'en'])
    expect(fallbackChain('de', 'de')).toEqual(['en'])
    expect(fallbackChain('en', 'en')).toEqual([])
  })
})
