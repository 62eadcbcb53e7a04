import type { ReactNode } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { Link, NavLink } from 'react-router'

/** The admin pages, in the order of the spec's route table (001 §2); /admin/translations is its own issue's page. */
export const ADMIN_SECTIONS = [
  { to: '/admin', key: 'admin.nav.overview', end: true },
  { to: '/admin/users', key: 'admin.nav.users' },
  { to: '/admin/analytics', key: 'admin.nav.analytics' },
  { to: '/admin/audit-logs', key: 'admin.nav.auditLogs' },
  { to: '/admin/data-insights', key: 'admin.nav.dataInsights' },
  { to: '/admin/invitations', key: 'admin.nav.invitations' },
  { to: '/admin/translations', key: 'admin.nav.translations' },
] as const

/**
 * The frame of every /admin page: the admin navigation (plain links) beside the page's content,
 * which starts with its <h1>. Use it as the whole of a route's component output.
 */
export function AdminShell({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <main id="main" className="page admin-layout">
      <nav className="admin-nav" aria-label={t('admin.nav.label')}>
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={'end' in section ? section.end : false} prefetch="none">
                {t(section.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-main">
        <h1>{title}</h1>
        {actions}
        {children}
      </div>
    </main>
  )
}

/** A load failure, in the spec's form 'Error: ...' (001 §8). */
export function AdminLoadError({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation()
  return (
    <p role="alert" className="message message-error">
      {t('admin.errorPrefix', { message: t(messageKey) })}
    </p>
  )
}

/** Previous / Next with 'Page X of Y', shown only when there is more than one page. */
export function Pager({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation()
  if (totalPages <= 1) return null
  const label = t('admin.pageOf', { page: String(page), total: String(totalPages) })
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? <Link to={hrefFor(page - 1)} rel="prev">{t('admin.previous')}</Link> : <span aria-hidden="true">{t('admin.previous')}</span>}
      <span>{label}</span>
      {page < totalPages ? <Link to={hrefFor(page + 1)} rel="next">{t('admin.next')}</Link> : <span aria-hidden="true">{t('admin.next')}</span>}
    </nav>
  )
}
