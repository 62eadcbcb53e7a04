import { useTranslation } from '#app/lib/use-translation.ts'
import { useEffect, useRef } from 'react'
import { Form, Link, NavLink } from 'react-router'
import { useRootData } from '#app/root.tsx'
import { HeaderIcon } from './header-icons.tsx'
import { LanguagePicker } from './language-picker.tsx'

function MenuLinks() {
  const { t } = useTranslation()
  const rootData = useRootData()
  const user = rootData?.user
  if (!user) {
    return (
      <ul className="menu">
        <li>
          <Link to="/#home">{t('nav.home')}</Link>
        </li>
        <li>
          <Link to="/#how-it-works">{t('nav.howItWorks')}</Link>
        </li>
        <li>
          <Link to="/#demo">{t('nav.demo')}</Link>
        </li>
        <li>
          <NavLink to="/support">{t('nav.support')}</NavLink>
        </li>
        <li>
          <NavLink to="/login">{t('nav.login')}</NavLink>
        </li>
        <li>
          <NavLink to="/register" className="button button-small">
            {t('nav.signUp')}
          </NavLink>
        </li>
      </ul>
    )
  }
  return (
    <ul className="menu">
      <li>
        <NavLink to="/dashboard">{t('nav.dashboard')}</NavLink>
      </li>
      <li>
        <NavLink to="/extractor">{t('nav.upload')}</NavLink>
      </li>
      <li>
        <NavLink to="/past-extractions">{t('nav.pastUploads')}</NavLink>
      </li>
      <li>
        <NavLink to="/feedback">{t('nav.feedback')}</NavLink>
      </li>
      {user.isAdmin ? (
        <li>
          <NavLink to="/admin">{t('nav.admin')}</NavLink>
        </li>
      ) : null}
      <li>
        <NavLink to="/account-settings">{t('nav.account')}</NavLink>
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
      <Link to="/" className="brand">
        <span className="brand-mark">
          <HeaderIcon name="quote" size={22} />
        </span>
        {t('app.name')}
      </Link>
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
