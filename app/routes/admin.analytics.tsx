import { useTranslation } from '#app/lib/use-translation.ts'
import { Form, Link, useSubmit } from 'react-router'
import type { Route } from './+types/admin.analytics'
import { AdminLoadError, AdminShell } from '#app/components/admin/admin-shell.tsx'
import { AdminTable } from '#app/components/admin/admin-table.tsx'
import { DocumentsPerDayChart, StyleBreakdownChart, SuccessRateChart } from '#app/components/admin/charts.tsx'
import { viewAnalytics } from '#app/features/admin/analytics.server.ts'
import { ANALYTICS_RANGES, rangeFrom } from '#app/features/admin/schema.ts'
import { requireAdmin } from '#app/server/admin.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import documentsStyles from '#app/styles/documents.css?url'
import adminStyles from '#app/styles/admin.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: documentsStyles },
  { rel: 'stylesheet', href: adminStyles },
]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context)
  const params = new URL(request.url).searchParams
  const range = rangeFrom(params.get('range'))
  const analytics = await viewAnalytics(context, admin, range, params.has('refresh'))
  return { analytics, range, title: getInstance(context).t('admin.analytics.title') }
}

function Change({ value, points }: { value: number; points?: boolean }) {
  const { t } = useTranslation()
  const signed = `${value > 0 ? '+' : ''}${value}`
  return (
    <span className={`stat-change ${value > 0 ? 'stat-up' : value < 0 ? 'stat-down' : ''}`}>
      {t(points ? 'admin.analytics.changePoints' : 'admin.analytics.changePercent', { value: signed })}
    </span>
  )
}

function Figure({ label, value, change, points }: { label: string; value: string; change?: number; points?: boolean }) {
  return (
    <div className="stat-card">
      <dt>{label}</dt>
      <dd>
        {value}
        {change === undefined ? null : <Change value={change} points={points} />}
      </dd>
    </div>
  )
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const submit = useSubmit()
  const { analytics: a, range } = loaderData
  const n = (v: number) => v.toLocaleString(i18n.language)
  const p = (v: number) => t('admin.unit.percent', { value: n(v) })
  const styles = Object.entries(a.reference_style_breakdown)
  return (
    <AdminShell title={t('admin.analytics.title')}>
      <div className="admin-toolbar">
        <Form method="get" className="admin-toolbar" onChange={(e) => submit(e.currentTarget)}>
          <div className="field">
            <label htmlFor="analytics-range">{t('admin.analytics.range')}</label>
            <select id="analytics-range" name="range" defaultValue={range} key={range}>
              {ANALYTICS_RANGES.map((r) => (
                <option key={r} value={r}>
                  {t(`admin.analytics.range.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="refresh" value="1" className="button">
            {t('admin.refresh')}
          </button>
        </Form>
        <Link to={`/admin/analytics/export?format=csv&range=${range}`} reloadDocument download={`analytics-${range}.csv`} className="button button-secondary">
          {t('admin.analytics.exportCsv')}
        </Link>
      </div>

      <section aria-labelledby="user-activity">
        <h2 id="user-activity">{t('admin.analytics.userActivity')}</h2>
        <dl className="stat-grid">
          <Figure label={t('admin.analytics.newUsers')} value={n(a.new_users)} change={a.new_users_change} />
          <Figure label={t('admin.analytics.activeUsers')} value={n(a.active_users)} change={a.active_users_change} />
          <Figure label={t('admin.analytics.retentionRate')} value={p(a.retention_rate)} change={a.retention_change} points />
        </dl>
      </section>

      <section aria-labelledby="document-processing">
        <h2 id="document-processing">{t('admin.analytics.documentProcessing')}</h2>
        <dl className="stat-grid">
          <Figure label={t('admin.analytics.documentsProcessed')} value={n(a.documents_processed)} change={a.documents_change} />
          <Figure label={t('admin.analytics.successRate')} value={p(a.success_rate)} change={a.success_rate_change} points />
          <Figure label={t('admin.analytics.avgProcessingTime')} value={t('admin.unit.minutes', { value: n(a.avg_processing_time) })} change={a.processing_time_change} />
        </dl>
        <DocumentsPerDayChart daily={a.daily} />
        <SuccessRateChart daily={a.daily} />
      </section>

      <section aria-labelledby="error-analysis">
        <h2 id="error-analysis">{t('admin.analytics.errorAnalysis')}</h2>
        <table className="data-table admin-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('admin.analytics.errorAnalysis')}</span>
              </th>
              <th scope="col">{t('admin.analytics.timeouts')}</th>
              <th scope="col">{t('admin.analytics.timeoutRate')}</th>
            </tr>
          </thead>
          <tbody>
            {(
              [
                ['admin.analytics.ps1', a.ps1_timeouts, a.ps1_timeout_rate],
                ['admin.analytics.make1', a.make1_timeouts, a.make1_timeout_rate],
                ['admin.analytics.ps2', a.ps2_timeouts, a.ps2_timeout_rate],
              ] as const
            ).map(([key, count, rate]) => (
              <tr key={key}>
                <th scope="row">{t(key)}</th>
                <td>{n(count)}</td>
                <td>{p(rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="reference-styles">
        <h2 id="reference-styles" className="section-heading">{t('admin.analytics.referenceStyles')}</h2>
        {styles.length > 0 ? <StyleBreakdownChart breakdown={a.reference_style_breakdown} /> : null}
        <AdminTable label={t('admin.analytics.referenceStyles')} empty={t('admin.analytics.noStyles')} rows={styles} headings={[t('admin.analytics.styleName'), t('admin.analytics.styleCount')]}>
          {([name, count]) => (
            <tr key={name}>
              <td>{name}</td>
              <td>{n(count)}</td>
            </tr>
          )}
        </AdminTable>
      </section>
    </AdminShell>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  return (
    <AdminShell title={t('admin.analytics.title')}>
      <AdminLoadError messageKey="admin.analytics.loadFailed" />
    </AdminShell>
  )
}
