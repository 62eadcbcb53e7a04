import { createInstance } from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { workBeforeHydration } from './lib/before-hydration.ts'
import { ensureTexts, startTexts, textsBackend } from './lib/client-texts.ts'
import { DEFAULT_LANGUAGE, fallbackChain, I18N_OPTIONS } from './lib/i18n.ts'
import { namespaceOf } from './lib/text-namespaces.ts'

async function main() {
  const html = document.documentElement
  const language = html.lang || DEFAULT_LANGUAGE
  const serverDefault = html.dataset.defaultLanguage || DEFAULT_LANGUAGE
  const i18n = createInstance()
  // The version changes with any translation, so the browser never keeps a stale copy; the page
  // names the namespaces it needs (root.tsx), and only those are loaded.
  startTexts(i18n, html.dataset.translationsVersion ?? '', (html.dataset.textNamespaces ?? '').split(',').filter(Boolean))
  await i18n
    .use(initReactI18next)
    .use(textsBackend)
    .init({
      ...I18N_OPTIONS,
      lng: language,
      fallbackLng: (code: string) => fallbackChain(code, serverDefault),
      // A key whose namespace is not loaded yet loads it; the components re-render once it is added.
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => void ensureTexts([namespaceOf(key)]),
      react: { ...I18N_OPTIONS.react, bindI18nStore: 'added' },
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
