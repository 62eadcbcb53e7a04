import { useTranslation } from '#app/lib/use-translation.ts'
import { Form } from 'react-router'
import type { Route } from './+types/admin.audit-logs'
import { AdminLoadError, AdminShell, Pager } from '#app/components/admin/admin-shell.tsx'
import { AdminTable } from '#app/components/admin/admin-table.tsx'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { listAuditLogs } from '#app/features/admin/queries.server.ts'
import { AUDIT_ACTIONS, AUDIT_RESOURCE_TYPES, auditListOptionsFrom, type AuditListOptions } from '#app/features/admin/schema.ts'
import { requireAdmin } from '#app/server/admin.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
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
  await requireAdmin(request, context)
  const options = auditListOptionsFrom(new URL(request.url).searchParams)
  const list = await listAuditLogs(getServices(context).db, options)
  return { ...list, options: { ...options, page: list.page }, title: getInstance(context).t('admin.audit.title') }
}

function auditUrl(options: AuditListOptions, page: number): string {
  const params = new URLSearchParams()
  if (options.action) params.set('action', options.action)
  if (options.resourceType) params.set('resource_type', options.resourceType)
  params.set('page', String(page))
  return `/admin/audit-logs?${params}`
}

export default function AdminAuditLogs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { audit_logs: logs, options, total_pages: totalPages } = loaderData
  return (
    <AdminShell title={t('admin.audit.title')}>
      <Form method="get" className="admin-toolbar">
        <div className="field">
          <label htmlFor="audit-action">{t('admin.audit.action')}</label>
          <select id="audit-action" name="action" defaultValue={options.action} key={options.action}>
            <option value="">{t('admin.audit.allActions')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`admin.action.${a}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-resource">{t('admin.audit.resourceType')}</label>
          <select id="audit-resource" name="resource_type" defaultValue={options.resourceType} key={options.resourceType}>
            <option value="">{t('admin.audit.allResources')}</option>
            {AUDIT_RESOURCE_TYPES.map((r) => (
              <option key={r} value={r}>
                {t(`admin.resource.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('admin.apply')}
        </button>
      </Form>
      <AdminTable
        label={t('admin.audit.title')}
        empty={t('admin.audit.empty')}
        rows={logs}
        headings={[
          t('admin.audit.column.timestamp'),
          t('admin.audit.column.admin'),
          t('admin.audit.column.action'),
          t('admin.audit.column.resource'),
          t('admin.audit.column.ip'),
          t('admin.audit.column.details'),
        ]}
      >
        {(log) => (
          <tr key={log.id} data-action={log.action}>
            <td>
              <LocalDateTime iso={log.created_at} />
            </td>
            <td>{log.admin_user?.email ?? t('admin.audit.system')}</td>
            <td>{t(`admin.action.${log.action}`, { defaultValue: log.action })}</td>
            <td>
              {log.resource_id
                ? t('admin.audit.resourceWithId', { type: t(`admin.resource.${log.resource_type}`, { defaultValue: log.resource_type }), id: log.resource_id })
                : t(`admin.resource.${log.resource_type}`, { defaultValue: log.resource_type })}
            </td>
            <td>{log.ip_address ?? t('admin.notAvailable')}</td>
            {/* oxlint-disable-next-line jsx-a11y/control-has-associated-label -- the summary inside is the label */}
            <td>
              <details className="audit-details">
                <summary>{t('admin.audit.viewDetails')}</summary>
                <pre>{JSON.stringify(log.details, null, 2)}</pre>
              </details>
            </td>
          </tr>
        )}
      </AdminTable>
      <Pager page={options.page} totalPages={totalPages} hrefFor={(page) => auditUrl(options, page)} />
    </AdminShell>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  return (
    <AdminShell title={t('admin.audit.title')}>
      <AdminLoadError messageKey="admin.audit.loadFailed" />
    </AdminShell>
  )
}
