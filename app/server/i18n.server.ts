import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import type { Db } from '#db/client.ts'
import { chooseLanguage, DEFAULT_LANGUAGE, fallbackChain, I18N_OPTIONS, LANGUAGE_COOKIE, toI18nextResources } from '#app/lib/i18n.ts'
import { getLanguageState, getTranslations, listenForLanguageChanges } from './languages.server.ts'
import { getServices } from './services.server.ts'

export const languageCookie = createCookie(LANGUAGE_COOKIE, {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

const localeContext = createContext<string>(DEFAULT_LANGUAGE)
const instanceContext = createContext<i18n | null>(null)

interface CachedInstance {
  sources: Record<string, string>[]
  instance: Promise<i18n>
}

/**
 * One i18next instance per language (and server default), built once and shared by every request
 * in that language: nothing on the server changes its language or adds resources afterwards. It is
 * rebuilt when the translations it was built from change (languages.server.ts re-reads them).
 */
const instances = new Map<string, CachedInstance>()

async function instanceFor(db: Db, language: string, serverDefault: string): Promise<i18n> {
  const chain = [language, ...fallbackChain(language, serverDefault)]
  const sources = await Promise.all(chain.map((code) => getTranslations(db, code)))
  const key = `${language}|${serverDefault}`
  const cached = instances.get(key)
  if (cached && cached.sources.every((source, i) => source === sources[i])) return cached.instance
  const instance = createInstance({
    ...I18N_OPTIONS,
    lng: language,
    fallbackLng: chain.slice(1),
    supportedLngs: false,
    resources: Object.fromEntries(chain.map((code, i) => [code, { translation: toI18nextResources(sources[i]) }])),
    initAsync: false,
  }).use(initReactI18next)
  const ready = instance.init().then(() => instance)
  ready.catch(() => instances.delete(key))
  instances.set(key, { sources, instance: ready })
  return ready
}

/** Picks the visitor's language (cookie, else the server's default) and its shared instance. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, databaseUrl, logger } = getServices(context)
  // An admin's change in any web process clears this process's caches at once (NOTIFY).
  listenForLanguageChanges(databaseUrl, logger)
  const state = await getLanguageState(db)
  const active = state.languages.map((l) => l.code)
  if (!active.includes(DEFAULT_LANGUAGE)) active.push(DEFAULT_LANGUAGE)
  const preferred = await languageCookie.parse(request.headers.get('Cookie'))
  const language = chooseLanguage(typeof preferred === 'string' ? preferred : null, active, state.defaultCode)
  context.set(localeContext, language)
  context.set(instanceContext, await instanceFor(db, language, state.defaultCode))
  return next()
}

export function getLocale(context: Readonly<RouterContextProvider>): string {
  return context.get(localeContext)
}

export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  const instance = context.get(instanceContext)
  if (!instance) throw new Error('i18next middleware has not run for this request')
  return instance
}
