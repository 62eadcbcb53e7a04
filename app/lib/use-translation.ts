import type { i18n as I18n, TFunction } from 'i18next'
import { useContext } from 'react'
import { I18nContext, useTranslation as useReactI18nextTranslation } from 'react-i18next'

interface Translation {
  t: TFunction
  i18n: I18n
}

const onServer = typeof document === 'undefined'
const serverTranslations = new WeakMap<I18n, Translation>()

/**
 * A key asked for without options always gives the same text from one instance (whose resources
 * never change, app/server/i18n.server.ts), so it is looked up once: i18next's own look-up (key
 * parsing, fallbacks, nesting, interpolation) was a tenth of a signed-in page's server time.
 */
function rememberPlainTexts(t: TFunction): TFunction {
  const texts = new Map<string, unknown>()
  const translate = t as unknown as (...args: unknown[]) => unknown
  const remembering = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return translate(key, ...rest)
    let text = texts.get(key)
    if (text === undefined) {
      // Bounded, should a key ever be built from outside input.
      if (texts.size >= 20_000) texts.clear()
      text = translate(key)
      texts.set(key, text)
    }
    return text
  }
  return remembering as unknown as TFunction
}

function useServerTranslation(): Translation {
  const { i18n } = useContext(I18nContext)
  let translation = serverTranslations.get(i18n)
  if (!translation) {
    translation = { t: rememberPlainTexts(i18n.getFixedT(i18n.language)), i18n }
    serverTranslations.set(i18n, translation)
  }
  return translation
}

function useBrowserTranslation(): Translation {
  return useReactI18nextTranslation() as unknown as Translation
}

/**
 * react-i18next's useTranslation in the browser (it re-renders on a language change). On the
 * server an instance's language never changes (app/server/i18n.server.ts), so every component of
 * a render shares one fixed `t` instead of building a wrapper per component and render, which
 * was a tenth of a signed-in page's server time.
 */
export const useTranslation: () => Translation = onServer ? useServerTranslation : useBrowserTranslation
