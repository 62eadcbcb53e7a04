import type { i18n as I18n, TFunction } from 'i18next'
import { useContext } from 'react'
import { I18nContext, useTranslation as useReactI18nextTranslation } from 'react-i18next'

interface Translation {
  t: TFunction
  i18n: I18n
}

const onServer = typeof document === 'undefined'
const serverTranslations = new WeakMap<I18n, Translation>()

function useServerTranslation(): Translation {
  const { i18n } = useContext(I18nContext)
  let translation = serverTranslations.get(i18n)
  if (!translation) {
    translation = { t: i18n.getFixedT(i18n.language), i18n }
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
