import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/admin.users'
import { AdminLoadError, AdminShell, Pager } from '#app/components/admin/admin-shell.tsx'
import { AdminTable } from '#app/components/admin/admin-table.tsx'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { StatusMessage } from '#app/components/status-message.tsx'
import { SortIcon } from '#app/components/icons.tsx'
import { actorOf } from '#app/features/admin/http.server.ts'
import { adminSendPasswordReset, setUserActive, setUserAdmin } from '#app/features/admin/mutations.server.ts'
import { listUsers } from '#app/features/admin/queries.server.ts'
import { USER_FILTERS, userBadge, userListOptionsFrom, type UserListOptions, type UserSort } from '#app/features/admin/schema.ts'
import { replyOrFailure, type FormReply } from '#app/lib/form.ts'
import { requireAdmin } from '#app/server/admin.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { formMessage } from '#app/server/messages.server.ts'
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
  const admin = await requireAdmin(request, context)
  const options = userListOptionsFrom(new URL(request.url).searchParams)
  const list = await listUsers(getServices(context).db, options)
  return { ...list, options: { ...options, page: list.page }, selfId: admin.id, title: getInstance(context).t('admin.users.title') }
}

type Intent = 'reset' | 'activate' | 'deactivate' | 'grant_admin' | 'revoke_admin'
type UsersReply = FormReply & { userId?: string }

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context)
  const services = getServices(context)
  const { t } = getInstance(context)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '') as Intent
  const userId = String(form.get('user_id') ?? '')
  const actor = actorOf(admin, context)

  if (intent === 'reset') {
    const outcome = await adminSendPasswordReset(services, actor, userId, t)
    if (!outcome.ok) {
      return data<UsersReply>({ userId, message: formMessage(context, 'admin.users.resetFailed', { message: t(outcome.messageKey) }) }, { status: 400 })
    }
    return data<UsersReply>({ userId, message: formMessage(context, 'admin.users.resetSent') })
  }

  if (intent === 'activate' || intent === 'deactivate' || intent === 'grant_admin' || intent === 'revoke_admin') {
    const outcome =
      intent === 'activate' || intent === 'deactivate'
        ? await setUserActive(services.db, actor, userId, intent === 'activate')
        : await setUserAdmin(services.db, actor, userId, intent === 'grant_admin')
    if (!outcome.ok) {
      return data<UsersReply>({ userId, message: formMessage(context, 'admin.users.updateFailed', { message: t(outcome.messageKey) }) }, { status: 400 })
    }
    const user = await services.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
    const key = { activate: 'admin.users.activated', deactivate: 'admin.users.deactivated', grant_admin: 'admin.users.adminGranted', revoke_admin: 'admin.users.adminRevoked' }[intent]
    return data<UsersReply>({ userId, message: formMessage(context, key, { email: user?.email ?? '' }) })
  }

  throw new Response('Bad Request', { status: 400 })
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return replyOrFailure(serverAction, { network: 'admin.users.resetNetworkError', failed: 'admin.users.resetNetworkError' })
}

function usersUrl(options: UserListOptions, change: Partial<UserListOptions>): string {
  const next = { ...options, ...change }
  if (change.sortBy !== undefined || change.sortOrder !== undefined) next.page = 1
  const params = new URLSearchParams()
  if (next.search) params.set('search', next.search)
  if (next.status !== 'all') params.set('status', next.status)
  params.set('sort_by', next.sortBy)
  params.set('sort_order', next.sortOrder)
  if (next.page > 1) params.set('page', String(next.page))
  return `/admin/users?${params}`
}

function SortHeader({ column, label, options }: { column: UserSort; label: string; options: UserListOptions }) {
  const { t } = useTranslation()
  const active = options.sortBy === column
  const nextOrder = active && options.sortOrder === 'asc' ? 'desc' : 'asc'
  return (
    <th scope="col" aria-sort={active ? (options.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Link to={usersUrl(options, { sortBy: column, sortOrder: nextOrder })} aria-label={t('admin.users.sortBy', { column: label })}>
        {label} <SortIcon order={active ? options.sortOrder : null} />
      </Link>
    </th>
  )
}

/** One form per row; each action is a submit button naming its intent. */
function RowActions({ user, self }: { user: { id: string; email: string; isActive: boolean; isAdmin: boolean }; self: boolean }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formData?.get('user_id') === user.id ? navigation.formData.get('intent') : null
  const actions: [Intent, string][] = [['reset', 'admin.users.sendReset']]
  if (!self) {
    actions.push(user.isActive ? ['deactivate', 'admin.users.deactivate'] : ['activate', 'admin.users.activate'])
    actions.push(user.isAdmin ? ['revoke_admin', 'admin.users.revokeAdmin'] : ['grant_admin', 'admin.users.grantAdmin'])
  }
  return (
    <Form method="post" preventScrollReset className="row-actions">
      <input type="hidden" name="user_id" value={user.id} />
      {actions.map(([intent, key]) => (
        <button key={intent} type="submit" name="intent" value={intent} className="button button-small button-secondary" disabled={pending === intent}>
          {t(key)}
          <span className="visually-hidden"> {user.email}</span>
        </button>
      ))}
    </Form>
  )
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { users, options, totalPages, total, selfId } = loaderData
  const message = actionData?.message ?? (actionData?.failure ? { text: t(actionData.failure), success: false } : undefined)
  return (
    <AdminShell title={t('admin.users.title')}>
      <Form method="get" className="admin-toolbar">
        <input type="hidden" name="sort_by" value={options.sortBy} />
        <input type="hidden" name="sort_order" value={options.sortOrder} />
        <div className="field">
          <label htmlFor="user-search">{t('admin.users.search')}</label>
          <input id="user-search" type="search" name="search" defaultValue={options.search} placeholder={t('admin.users.searchPlaceholder')} />
        </div>
        <div className="field">
          <label htmlFor="user-status">{t('admin.users.filter')}</label>
          <select id="user-status" name="status" defaultValue={options.status}>
            {USER_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`admin.users.filter.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('admin.apply')}
        </button>
      </Form>
      <StatusMessage message={message} />
      {total > 0 ? <p className="hint">{t('admin.users.count', { count: String(total) })}</p> : null}
      <AdminTable
        label={t('admin.users.title')}
        empty={t('admin.users.empty')}
        rows={users}
        headings={[
          <SortHeader key="email" column="email" label={t('admin.users.column.email')} options={options} />,
          <SortHeader key="name" column="name" label={t('admin.users.column.name')} options={options} />,
          t('admin.users.column.organization'),
          t('admin.users.column.status'),
          t('admin.users.column.admin'),
          <SortHeader key="created_at" column="created_at" label={t('admin.users.column.created')} options={options} />,
          t('admin.users.column.actions'),
        ]}
      >
        {(u) => {
          const badge = userBadge(u)
          const self = u.id === selfId
          return (
            <tr key={u.id} data-user-id={u.id}>
              <td>{u.email}</td>
              <td>{`${u.firstName} ${u.lastName}`.trim()}</td>
              <td>{u.organization || t('admin.notAvailable')}</td>
              <td>
                <span className={`badge badge-${badge}`}>{t(`admin.users.badge.${badge}`)}</span>
              </td>
              <td>{u.isAdmin ? t('admin.yes') : t('admin.no')}</td>
              <td>
                <LocalDateTime iso={u.createdAt} />
              </td>
              <td>
                <RowActions user={u} self={self} />
              </td>
            </tr>
          )
        }}
      </AdminTable>
      <Pager page={options.page} totalPages={totalPages} hrefFor={(page) => usersUrl(options, { page })} />
    </AdminShell>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  return (
    <AdminShell title={t('admin.users.title')}>
      <AdminLoadError messageKey="admin.users.loadFailed" />
    </AdminShell>
  )
}
