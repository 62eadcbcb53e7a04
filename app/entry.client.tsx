import { createInstance } from 'i18next'
import HttpBackend from 'i18next-http-backend'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { workBeforeHydration } from './lib/before-hydration.ts'
import { DEFAULT_LANGUAGE, fallbackChain, I18N_OPTIONS, toI18nextResources } from './lib/i18n.ts'

async function main() {
  const html = document.documentElement
  const language = html.lang || DEFAULT_LANGUAGE
  const serverDefault = html.dataset.defaultLanguage || DEFAULT_LANGUAGE
  // The version changes with any translation, so the browser never keeps a stale copy.
  const version = encodeURIComponent(html.dataset.translationsVersion ?? '')
  const i18n = createInstance()
  await i18n
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      fallbackLng: (code: string) => fallbackChain(code, serverDefault),
      backend: {
        loadPath: `/api/translations/{{lng}}?v=${version}`,
        parse: (data: string) => toI18nextResources(JSON.parse(data) as Record<string, string>),
      },
    })

  await workBeforeHydration()
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

main().catch((error: unknown) => console.error(error))
