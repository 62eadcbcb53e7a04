import { useTranslation } from '#app/lib/use-translation.ts'
import { Form, Link, useLocation } from 'react-router'
import type { Route } from './+types/admin.data-insights'
import { AdminLoadError, AdminShell, Pager } from '#app/components/admin/admin-shell.tsx'
import { AdminTable } from '#app/components/admin/admin-table.tsx'
import { pageTitle } from '#app/lib/page-title.ts'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { insightDocuments, insightSubscriptions, insightUsers } from '#app/features/admin/queries.server.ts'
import {
  HAS_ACCOUNT_FILTERS,
  INSIGHT_DATE_RANGES,
  INSIGHT_DOCUMENT_STATUSES,
  INSIGHT_TABS,
  INSIGHT_USER_STATUSES,
  insightOptionsFrom,
  type InsightOptions,
  type InsightTab,
} from '#app/features/admin/schema.ts'
import { requireAdmin } from '#app/server/admin.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import documentsStyles from '#app/styles/documents.css?url'
import adminStyles from '#app/styles/admin.css?url'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: documentsStyles },
  { rel: 'stylesheet', href: adminStyles },
]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

const LOAD_FAILED: Record<InsightTab, string> = {
  users: 'admin.insights.usersLoadFailed',
  documents: 'admin.insights.documentsLoadFailed',
  subscriptions: 'admin.insights.subscriptionsLoadFailed',
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context)
  const options = insightOptionsFrom(new URL(request.url).searchParams)
  const { db } = getServices(context)
  const title = getInstance(context).t('admin.insights.title')
  if (options.tab === 'documents') {
    const list = await insightDocuments(db, options)
    return { tab: 'documents' as const, ...list, options: { ...options, page: list.page }, title }
  }
  if (options.tab === 'subscriptions') {
    const list = await insightSubscriptions(db, options)
    return { tab: 'subscriptions' as const, ...list, options: { ...options, page: list.page }, title }
  }
  const list = await insightUsers(db, options)
  return { tab: 'users' as const, ...list, options: { ...options, page: list.page }, title }
}

function insightUrl(options: InsightOptions, change: Partial<InsightOptions>): string {
  const next = { ...options, ...change }
  const params = new URLSearchParams({ tab: next.tab })
  if (next.search) params.set('search', next.search)
  if (next.tab === 'users') {
    if (next.status !== 'all') params.set('status', next.status)
    if (next.dateRange !== 'all') params.set('date_range', next.dateRange)
  }
  if (next.tab === 'documents') {
    if (next.status !== 'all') params.set('status', next.status)
    if (next.userId) params.set('user_id', next.userId)
  }
  if (next.tab === 'subscriptions' && next.hasAccount !== 'all') params.set('has_account', next.hasAccount)
  if (next.page > 1) params.set('page', String(next.page))
  return `/admin/data-insights?${params}`
}

function Select({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} key={value}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function Filters({ options }: { options: InsightOptions }) {
  const { t } = useTranslation()
  const searchLabel = { users: 'admin.insights.searchUsers', documents: 'admin.insights.searchDocuments', subscriptions: 'admin.insights.searchSubscriptions' }[options.tab]
  return (
    <Form method="get" className="admin-toolbar">
      <input type="hidden" name="tab" value={options.tab} />
      {options.userId ? <input type="hidden" name="user_id" value={options.userId} /> : null}
      <div className="field">
        <label htmlFor="insight-search">{t('admin.insights.search')}</label>
        <input id="insight-search" type="search" name="search" defaultValue={options.search} placeholder={t(searchLabel)} key={options.tab} />
      </div>
      {options.tab === 'users' ? (
        <>
          <Select id="insight-status" name="status" label={t('admin.insights.status')} value={options.status}
            options={INSIGHT_USER_STATUSES.map((s) => ({ value: s, label: t(`admin.insights.status.${s}`) }))} />
          <Select id="insight-range" name="date_range" label={t('admin.insights.dateRange')} value={options.dateRange}
            options={INSIGHT_DATE_RANGES.map((r) => ({ value: r, label: t(`admin.insights.dateRange.${r}`) }))} />
        </>
      ) : null}
      {options.tab === 'documents' ? (
        <Select id="insight-status" name="status" label={t('admin.insights.status')} value={options.status}
          options={INSIGHT_DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`admin.insights.status.${s}`) }))} />
      ) : null}
      {options.tab === 'subscriptions' ? (
        <Select id="insight-has-account" name="has_account" label={t('admin.insights.hasAccount')} value={options.hasAccount}
          options={HAS_ACCOUNT_FILTERS.map((h) => ({ value: h, label: t(`admin.insights.hasAccount.${h}`) }))} />
      ) : null}
      <button type="submit" className="button">
        {t('admin.apply')}
      </button>
    </Form>
  )
}

export default function AdminDataInsights({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const d = loaderData
  const options = d.options
  const never = t('admin.never')
  return (
    <AdminShell title={t('admin.insights.title')}>
      <nav aria-label={t('admin.insights.tabs')}>
        <ul className="tabs">
          {INSIGHT_TABS.map((tab) => (
            <li key={tab}>
              <Link to={`/admin/data-insights?tab=${tab}`} aria-current={tab === d.tab ? 'page' : undefined}>
                {t(`admin.insights.tab.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Filters options={options} />
      {d.tab === 'users' ? (
        <AdminTable
          label={t('admin.insights.tab.users')}
          empty={t('admin.insights.emptyUsers')}
          rows={d.users}
          headings={[
            t('admin.insights.column.email'),
            t('admin.insights.column.name'),
            t('admin.insights.column.status'),
            t('admin.insights.column.created'),
            t('admin.insights.column.lastUpload'),
            t('admin.insights.column.documentCount'),
          ]}
        >
          {(u) => (
            <tr key={u.id}>
              <td>{u.email}</td>
              <td>{u.name}</td>
              <td>
                <span className={`badge badge-${u.status}`}>{t(`admin.insights.status.${u.status}`)}</span>
              </td>
              <td>
                <LocalDateTime iso={u.created_at} />
              </td>
              <td>{u.last_upload ? <LocalDateTime iso={u.last_upload} /> : never}</td>
              <td>
                {u.document_count > 0 ? (
                  <Link to={insightUrl({ ...options, tab: 'documents', search: '', status: 'all', userId: u.id, page: 1 }, {})}>{u.document_count}</Link>
                ) : (
                  u.document_count
                )}
              </td>
            </tr>
          )}
        </AdminTable>
      ) : null}
      {d.tab === 'documents' ? (
        <AdminTable
          label={t('admin.insights.tab.documents')}
          empty={t('admin.insights.emptyDocuments')}
          rows={d.documents}
          headings={[
            t('admin.insights.column.filename'),
            t('admin.insights.column.userEmail'),
            t('admin.insights.column.status'),
            t('admin.insights.column.uploaded'),
            t('admin.insights.column.completed'),
            t('admin.insights.column.pages'),
            t('admin.insights.column.annotations'),
            t('admin.insights.column.file'),
          ]}
        >
          {(doc) => (
            <tr key={doc.id}>
              <td>{doc.filename}</td>
              <td>{doc.user.email}</td>
              <td>
                <span className={`badge badge-${doc.status}`}>{t(`admin.insights.status.${doc.status}`)}</span>
              </td>
              <td>
                <LocalDateTime iso={doc.created_at} />
              </td>
              <td>{doc.completed_at ? <LocalDateTime iso={doc.completed_at} /> : t('admin.notAvailable')}</td>
              <td>{doc.page_count ?? t('admin.notAvailable')}</td>
              <td>{doc.annotation_count}</td>
              <td>
                {doc.gcs_path ? (
                  <a href={doc.gcs_path} download aria-label={t('admin.insights.downloadLabel', { filename: doc.filename })}>
                    {t('admin.insights.download')}
                  </a>
                ) : (
                  t('admin.insights.noFile')
                )}
              </td>
            </tr>
          )}
        </AdminTable>
      ) : null}
      {d.tab === 'subscriptions' ? (
        <AdminTable
          label={t('admin.insights.tab.subscriptions')}
          empty={t('admin.insights.emptySubscriptions')}
          rows={d.subscriptions}
          headings={[
            t('admin.insights.column.email'),
            t('admin.insights.column.hasAccount'),
            t('admin.insights.column.accountEmail'),
            t('admin.insights.column.subscribed'),
            t('admin.insights.column.lastEmail'),
          ]}
        >
          {(s) => (
            <tr key={s.id}>
              <td>{s.email}</td>
              <td>{s.has_account ? t('admin.yes') : t('admin.no')}</td>
              <td>{s.account_email ?? t('admin.notAvailable')}</td>
              <td>
                <LocalDateTime iso={s.created_at} />
              </td>
              <td>{s.last_email_sent ? <LocalDateTime iso={s.last_email_sent} /> : never}</td>
            </tr>
          )}
        </AdminTable>
      ) : null}
      <Pager page={options.page} totalPages={d.total_pages} hrefFor={(page) => insightUrl(options, { page })} />
    </AdminShell>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  const tab = new URLSearchParams(useLocation().search).get('tab') as InsightTab | null
  return (
    <AdminShell title={t('admin.insights.title')}>
      <AdminLoadError messageKey={LOAD_FAILED[tab && tab in LOAD_FAILED ? tab : 'users']} />
    </AdminShell>
  )
}
