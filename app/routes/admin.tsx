import { useTranslation } from '#app/lib/use-translation.ts'
import { Link } from 'react-router'
import type { Route } from './+types/admin'
import { AdminLoadError, AdminShell } from '#app/components/admin/admin-shell.tsx'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { cachedFigures } from '#app/features/admin/cache.server.ts'
import { getOverviewStats, type OverviewStats } from '#app/features/admin/queries.server.ts'
import { requireAdmin } from '#app/server/admin.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import adminStyles from '#app/styles/admin.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context)
  const { db } = getServices(context)
  const refresh = new URL(request.url).searchParams.has('refresh')
  const { value: stats, computedAt } = await cachedFigures('overview', () => getOverviewStats(db), { refresh })
  return { stats, updatedAt: computedAt.toISOString(), title: getInstance(context).t('admin.overview.meta') }
}

type StatKey = keyof OverviewStats
const GROUPS: { key: string; stats: StatKey[] }[] = [
  { key: 'admin.overview.group.users', stats: ['total_users', 'active_users', 'new_users_30d'] },
  { key: 'admin.overview.group.documents', stats: ['total_documents', 'completed_documents', 'processing_documents'] },
  { key: 'admin.overview.group.annotations', stats: ['total_annotations', 'reference_annotations', 'note_annotations'] },
  { key: 'admin.overview.group.errors', stats: ['total_error_rate', 'ps1_error_rate', 'ps2_error_rate'] },
  { key: 'admin.overview.group.processing', stats: ['avg_processing_minutes', 'max_processing_minutes'] },
  { key: 'admin.overview.group.subscriptions', stats: ['total_subscriptions', 'newsletter_subscriptions', 'new_subscriptions_30d'] },
]

const TOOLS = [
  { to: '/admin/users', key: 'admin.tool.users' },
  { to: '/admin/analytics', key: 'admin.tool.analytics' },
  { to: '/admin/audit-logs', key: 'admin.tool.auditLogs' },
  { to: '/admin/data-insights', key: 'admin.tool.dataInsights' },
  { to: '/admin/invitations', key: 'admin.tool.invitations' },
  { to: '/admin/translations', key: 'admin.tool.translations' },
]

function formatStat(t: (key: string, values?: Record<string, string>) => string, key: string, value: number, locale: string): string {
  const formatted = value.toLocaleString(locale)
  if (key.endsWith('_rate')) return t('admin.unit.percent', { value: formatted })
  if (key.endsWith('_minutes')) return t('admin.unit.minutes', { value: formatted })
  return formatted
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { stats, updatedAt } = loaderData
  return (
    <AdminShell title={t('admin.overview.title')}>
      <div className="admin-toolbar">
        {/* A plain link to this page: without JavaScript it reloads, with it the loader runs again. */}
        <Link to="/admin?refresh=1" className="button button-secondary">
          {t('admin.refresh')}
        </Link>
        <p className="hint">
          {t('admin.lastUpdated')} <LocalDateTime iso={updatedAt} />
        </p>
      </div>
      <h2 className="visually-hidden">{t('admin.overview.statsHeading')}</h2>
      {GROUPS.map((group) => (
        <section key={group.key} aria-labelledby={`stats-${group.key}`}>
          <h3 id={`stats-${group.key}`}>{t(group.key)}</h3>
          <dl className="stat-grid">
            {group.stats.map((key) => (
              <div key={key} className="stat-card" data-stat={key}>
                <dt>{t(`admin.stat.${key}`)}</dt>
                <dd>{formatStat(t, key, stats[key], i18n.language)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <h2 className="section-heading">{t('admin.overview.toolsHeading')}</h2>
      <ul className="tool-grid">
        {TOOLS.map((tool) => (
          <li key={tool.to}>
            <Link to={tool.to} className="button">
              {t(tool.key)}
            </Link>
          </li>
        ))}
      </ul>
    </AdminShell>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  return (
    <AdminShell title={t('admin.overview.title')}>
      <AdminLoadError messageKey="admin.overview.loadFailed" />
    </AdminShell>
  )
}
