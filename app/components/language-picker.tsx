import { useEffect, useRef } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { Form, useLocation } from 'react-router'
import { flagClass } from '#app/lib/flags.ts'
import { useRootData } from '#app/root.tsx'

/**
 * A plain form that sets the language cookie, inside a native <details> so it opens and closes
 * without JavaScript; with JavaScript it also closes on a click outside it or after a choice.
 */
export function LanguagePicker() {
  const { t } = useTranslation()
  const rootData = useRootData()
  const location = useLocation()
  const ref = useRef<HTMLDetailsElement>(null)

  useEffect(() => {
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false
    }
    document.addEventListener('click', closeOnOutsideClick)
    return () => document.removeEventListener('click', closeOnOutsideClick)
  }, [])

  if (!rootData || rootData.languages.length < 2) return null
  const current = rootData.languages.find((l) => l.code === rootData.locale)
  return (
    <details className="language-picker" ref={ref}>
      <summary>
        <span className="visually-hidden">{t('language.choose')}: </span>
        <span aria-hidden="true" className={flagClass(rootData.locale)} /> {current?.name ?? rootData.locale}
      </summary>
      <Form method="post" action="/language" className="language-list" onSubmit={() => ref.current?.removeAttribute('open')}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {rootData.languages.map((language) => (
          <button
            key={language.code}
            type="submit"
            name="code"
            value={language.code}
            lang={language.code}
            aria-current={language.code === rootData.locale ? 'true' : undefined}
          >
            <span aria-hidden="true" className={flagClass(language.code)} /> {language.name}
          </button>
        ))}
      </Form>
    </details>
  )
}
