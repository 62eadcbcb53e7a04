import { useTranslation } from '#app/lib/use-translation.ts'
import { useEffect, useRef } from 'react'
import { Form, useLocation } from 'react-router'
import { inAppLink, isCurrentPath } from '#app/lib/in-app-links.ts'
import { useRootData } from '#app/root.tsx'
import { HeaderIcon } from './header-icons.tsx'
import { LanguagePicker } from './language-picker.tsx'

/** A menu entry: a plain in-app link (app/lib/in-app-links.ts), marked as `<NavLink>` marks the current page's. */
function MenuLink({ to, pathname, className, children }: { to: string; pathname: string; className?: string; children: React.ReactNode }) {
  const current = isCurrentPath(pathname, to)
  return (
    <a href={to} {...inAppLink} aria-current={current ? 'page' : undefined} className={[className, current ? 'active' : undefined].filter(Boolean).join(' ') || undefined}>
      {children}
    </a>
  )
}

function MenuLinks() {
  const { t } = useTranslation()
  const rootData = useRootData()
  const { pathname } = useLocation()
  const user = rootData?.user
  if (!user) {
    return (
      <ul className="menu">
        <li>
          <a href="/#home" {...inAppLink}>{t('nav.home')}</a>
        </li>
        <li>
          <a href="/#how-it-works" {...inAppLink}>{t('nav.howItWorks')}</a>
        </li>
        <li>
          <a href="/#demo" {...inAppLink}>{t('nav.demo')}</a>
        </li>
        <li>
          <MenuLink to="/support" pathname={pathname}>{t('nav.support')}</MenuLink>
        </li>
        <li>
          <MenuLink to="/login" pathname={pathname}>{t('nav.login')}</MenuLink>
        </li>
        <li>
          <MenuLink to="/register" pathname={pathname} className="button button-small">
            {t('nav.signUp')}
          </MenuLink>
        </li>
      </ul>
    )
  }
  return (
    <ul className="menu">
      <li>
        <MenuLink to="/dashboard" pathname={pathname}>{t('nav.dashboard')}</MenuLink>
      </li>
      <li>
        <MenuLink to="/extractor" pathname={pathname}>{t('nav.upload')}</MenuLink>
      </li>
      <li>
        <MenuLink to="/past-extractions" pathname={pathname}>{t('nav.pastUploads')}</MenuLink>
      </li>
      <li>
        <MenuLink to="/feedback" pathname={pathname}>{t('nav.feedback')}</MenuLink>
      </li>
      {user.isAdmin ? (
        <li>
          <MenuLink to="/admin" pathname={pathname}>{t('nav.admin')}</MenuLink>
        </li>
      ) : null}
      <li>
        <MenuLink to="/account-settings" pathname={pathname}>{t('nav.account')}</MenuLink>
      </li>
      <li>
        <Form method="post" action="/logout" className="inline-form">
          <button type="submit" className="link-button">
            {t('nav.logout')}
          </button>
        </Form>
      </li>
    </ul>
  )
}

/**
 * The menu is rendered twice: inline on wide screens and inside a native <details> (the
 * hamburger) on narrow ones; CSS shows one of them, so the hamburger needs no JavaScript. Open,
 * it is a panel under the header (app.css).
 */
export function SiteHeader() {
  const { t } = useTranslation()
  const menuRef = useRef<HTMLDetailsElement>(null)
  // With JavaScript a link (or the logout button) changes the page in place, so the open menu would stay over the new page.
  useEffect(() => {
    const menu = menuRef.current
    const closeOnLink = (event: MouseEvent) => {
      if (menu && (event.target as Element).closest('nav a, nav button')) menu.open = false
    }
    menu?.addEventListener('click', closeOnLink)
    return () => menu?.removeEventListener('click', closeOnLink)
  }, [])
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <a href="/" className="brand" {...inAppLink}>
        <span className="brand-mark">
          <HeaderIcon name="quote" size={22} />
        </span>
        {t('app.name')}
      </a>
      <nav className="nav-wide" aria-label={t('nav.label')}>
        <MenuLinks />
      </nav>
      <LanguagePicker />
      <details className="nav-narrow" ref={menuRef}>
        <summary>
          <HeaderIcon name="menu" size={24} className="icon-when-closed" />
          <HeaderIcon name="close" size={24} className="icon-when-open" />
          <span className="visually-hidden">{t('nav.openMenu')}</span>
        </summary>
        <nav aria-label={t('nav.label')}>
          <MenuLinks />
        </nav>
      </details>
    </header>
  )
}
