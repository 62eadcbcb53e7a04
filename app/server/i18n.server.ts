import type { BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createCookie } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next'
import { chooseLanguage, DEFAULT_LANGUAGE, fallbackChain, I18N_OPTIONS, LANGUAGE_COOKIE, toI18nextResources } from '#app/lib/i18n.ts'
import { getLanguageState, getTranslations } from './languages.server.ts'
import { getServices } from './services.server.ts'

export const languageCookie = createCookie(LANGUAGE_COOKIE, {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

// Filled by findLocale before each request's i18next instance initialises, so the backend below
// answers from memory. It is the same set of languages the detector accepts.
const supportedLanguages: string[] = [DEFAULT_LANGUAGE]
const loaded = new Map<string, Record<string, string>>()
let serverDefault = DEFAULT_LANGUAGE

const databaseBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    callback(null, toI18nextResources(loaded.get(language) ?? {}))
  },
}

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages,
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ['custom'],
    async findLocale({ request, context }) {
      const { db } = getServices(context)
      const state = await getLanguageState(db)
      supportedLanguages.splice(0, supportedLanguages.length, ...state.languages.map((l) => l.code))
      if (!supportedLanguages.includes(DEFAULT_LANGUAGE)) supportedLanguages.push(DEFAULT_LANGUAGE)
      serverDefault = state.defaultCode
      const preferred = await languageCookie.parse(request.headers.get('Cookie'))
      const language = chooseLanguage(typeof preferred === 'string' ? preferred : null, supportedLanguages, serverDefault)
      for (const code of [language, ...fallbackChain(language, serverDefault)]) {
        loaded.set(code, await getTranslations(db, code))
      }
      return language
    },
  },
  i18next: {
    ...I18N_OPTIONS,
    fallbackLng: (code: string) => fallbackChain(code, serverDefault),
  },
  plugins: [initReactI18next, databaseBackend],
})
