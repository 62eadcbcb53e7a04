import { useEffect, useEffectEvent } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { useLocation, useRevalidator } from 'react-router'
import { useHydrated } from '#app/components/use-hydrated.ts'

/** While a document's downloads are being (re)generated: a 2-second reload of the page's data, or without JavaScript of the page. */
export function RegenerationWatch({ active }: { active: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const location = useLocation()
  const refresh = useEffectEvent(() => void revalidator.revalidate())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => refresh(), 2_000)
    return () => clearInterval(timer)
  }, [active])
  if (!active || hydrated) return null
  return (
    <>
      <RefreshEvery seconds={2} url={location.pathname + location.search} />
      <p className="hint">{t('extractor.refreshNote')}</p>
    </>
  )
}

/**
 * A meta refresh to this page's URL without its fragment: a page reached at `#section` (a form
 * posting to its section) would otherwise only scroll to the fragment and never reload.
 */
export function RefreshEvery({ seconds, url }: { seconds: number; url: string }) {
  const escaped = url.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
  return <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${seconds};url=${escaped}">` }} />
}
