import { useTranslation } from '#app/lib/use-translation.ts'
import { inAppLink } from '#app/lib/in-app-links.ts'
import { useRootData } from '#app/root.tsx'

export function SiteFooter() {
  const { t } = useTranslation()
  const site = useRootData()?.site
  const social: { name: string; url: string }[] = []
  if (site?.social.mastodon) social.push({ name: 'Mastodon', url: site.social.mastodon })
  if (site?.social.linkedin) social.push({ name: 'LinkedIn', url: site.social.linkedin })
  if (site?.social.github) social.push({ name: 'GitHub', url: site.social.github })
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.label')}>
        <ul className="footer-links">
          <li>
            <a href="/privacy-policy" {...inAppLink}>{t('footer.privacy')}</a>
          </li>
          <li>
            <a href="/terms-of-service" {...inAppLink}>{t('footer.terms')}</a>
          </li>
          <li>
            <a href="/support" {...inAppLink}>{t('footer.support')}</a>
          </li>
          <li>
            <a href="/api" {...inAppLink}>{t('footer.api')}</a>
          </li>
          {social.map(({ name, url }) => (
            <li key={name}>
              <a href={url} rel="me noopener noreferrer">
                {name}
              </a>
            </li>
          ))}
          {site ? (
            <li>
              <a href={`mailto:${site.supportEmail}`}>{t('footer.contact', { email: site.supportEmail })}</a>
            </li>
          ) : null}
        </ul>
      </nav>
      <p className="footer-note">{t('footer.tagline')}</p>
    </footer>
  )
}
