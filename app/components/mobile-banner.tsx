import { useTranslation } from '#app/lib/use-translation.ts'

/** Shown by CSS alone at 768 px wide or narrower, so it needs no JavaScript. */
export function MobileBanner() {
  const { t } = useTranslation()
  return (
    <div className="mobile-banner" role="note">
      {t('mobileBanner.text')}
    </div>
  )
}
