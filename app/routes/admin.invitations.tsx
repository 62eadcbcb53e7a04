import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/admin.invitations'
import { AdminLoadError, AdminShell, Pager } from '#app/components/admin/admin-shell.tsx'
import { AdminTable } from '#app/components/admin/admin-table.tsx'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { FieldErrors } from '#app/components/field.tsx'
import { StatusMessage } from '#app/components/status-message.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { useSchemaForm } from '#app/components/use-schema-form.ts'
import { actorOf } from '#app/features/admin/http.server.ts'
import { invitationTtlDays, revokeInvitation, sendInvitation } from '#app/features/admin/mutations.server.ts'
import { listInvitations } from '#app/features/admin/queries.server.ts'
import { InvitationSchema, invitationStatus, pageFrom } from '#app/features/admin/schema.ts'
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
  await requireAdmin(request, context)
  const page = pageFrom(new URL(request.url).searchParams.get('page'))
  const { db, logger } = getServices(context)
  const title = getInstance(context).t('admin.invitations.title')
  // 001 §8: a history load error is only logged; the send form still works.
  try {
    const list = await listInvitations(db, page)
    return { ...list, ttlDays: invitationTtlDays(), title, now: Date.now() }
  } catch (error) {
    logger.error({ err: error }, 'invitation history could not be loaded')
    return { invitations: [], total_pages: 1, page: 1, ttlDays: invitationTtlDays(), title, now: Date.now() }
  }
}

type InvitationsReply = FormReply & { form: 'send' | 'open' | 'revoke'; warning?: { text: string; email: string } }

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context)
  const services = getServices(context)
  const { t } = getInstance(context)
  const formData = await request.formData()
  const intent = formData.get('intent')
  const actor = actorOf(admin, context)

  if (intent === 'revoke') {
    const outcome = await revokeInvitation(services.db, actor, String(formData.get('invitation_id') ?? ''))
    if (!outcome.ok) {
      return data<InvitationsReply>({ form: 'revoke', message: formMessage(context, 'admin.invitations.revokeFailed', { message: t(outcome.messageKey) }) }, { status: 400 })
    }
    return data<InvitationsReply>({ form: 'revoke', message: formMessage(context, 'admin.invitations.revoked') })
  }

  if (intent === 'open') {
    const outcome = await sendInvitation(services, actor, { email: null, forceSend: false }, t)
    return data<InvitationsReply>({ form: 'open', message: formMessage(context, 'admin.invitations.openCreated', { code: outcome.kind === 'sent' ? outcome.code : '' }) })
  }

  const submission = parseWithZod(formData, { schema: InvitationSchema })
  if (submission.status !== 'success') return data<InvitationsReply>({ form: 'send', result: submission.reply() }, { status: 400 })
  const outcome = await sendInvitation(services, actor, { email: submission.value.email, forceSend: submission.value.force_send === true }, t)
  if (outcome.kind === 'warning') {
    // 001 §4: a warning opens the confirmation; without JavaScript it is this server-rendered step.
    return data<InvitationsReply>({ form: 'send', result: submission.reply(), warning: { text: t(outcome.messageKey, { email: outcome.email }), email: outcome.email } }, { status: 409 })
  }
  return data<InvitationsReply>({
    form: 'send',
    result: submission.reply({ resetForm: true }),
    message: formMessage(context, 'admin.invitations.sent', { email: outcome.email ?? '' }),
  })
}

export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<InvitationsReply> {
  const reply = await replyOrFailure<InvitationsReply>(serverAction, { network: 'admin.invitations.failed', failed: 'admin.invitations.failed' })
  return { form: 'send', ...reply }
}

function ConfirmDialog({ warning, onCancel }: { warning: { text: string; email: string }; onCancel: () => void }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const hydrated = useHydrated()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !hydrated) return
    if (dialog.open) dialog.close()
    dialog.showModal()
  }, [hydrated])
  return (
    // Server-rendered open (the confirmation step without JavaScript); with it, shown as a modal.
    <dialog ref={ref} open className="confirm-dialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <h2 id="confirm-title">{t('admin.invitations.confirmTitle')}</h2>
      <p id="confirm-text" role="alert">
        {warning.text}
      </p>
      <p>{t('admin.invitations.confirmQuestion')}</p>
      <Form method="post" className="confirm-actions" onSubmit={() => ref.current?.close()}>
        <input type="hidden" name="email" value={warning.email} />
        <input type="hidden" name="force_send" value="true" />
        <Link
          to="/admin/invitations"
          className="button button-secondary"
          onClick={(event) => {
            event.preventDefault()
            ref.current?.close()
            onCancel()
          }}
        >
          {t('admin.invitations.cancel')}
        </Link>
        <button type="submit" name="intent" value="send" className="button">
          {t('admin.invitations.sendAnyway')}
        </button>
      </Form>
    </dialog>
  )
}

function SendForm({ reply }: { reply: InvitationsReply | undefined }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send'
  const [form, fields] = useSchemaForm(InvitationSchema, { id: 'invitation', lastResult: reply?.result })
  const [value, setValue] = useState(String(fields.email.initialValue ?? ''))
  const props = getInputProps(fields.email, { type: 'email' })
  return (
    <Form method="post" {...getFormProps(form)} className="form admin-toolbar">
      <div className="field">
        <label htmlFor={fields.email.id}>{t('admin.invitations.email')}</label>
        <input
          {...props}
          key={props.key}
          // The spec's own e-mail rule and messages (not the browser's): checked by the schema.
          type="text"
          inputMode="email"
          autoComplete="off"
          placeholder={t('admin.invitations.emailPlaceholder')}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
        <FieldErrors field={fields.email} />
      </div>
      <button type="submit" name="intent" value="send" className="button" disabled={hydrated && (sending || value.trim() === '')}>
        {sending ? t('admin.invitations.sending') : t('admin.invitations.send')}
      </button>
    </Form>
  )
}

export default function AdminInvitations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { invitations, ttlDays, page, total_pages: totalPages, now } = loaderData
  const message = actionData?.message ?? (actionData?.failure ? { text: t(actionData.failure), success: false } : undefined)
  const reply = actionData?.form === 'send' || actionData?.failure ? actionData : undefined
  // Cancel closes this answer's confirmation; the next answer with a warning opens it again.
  const [dismissed, setDismissed] = useState<unknown>(null)
  return (
    <AdminShell title={t('admin.invitations.title')}>
      <section aria-labelledby="send-heading">
        <h2 id="send-heading">{t('admin.invitations.sendHeading')}</h2>
        <p className="hint">{t('admin.invitations.ttlHelp', { days: String(ttlDays) })}</p>
        <SendForm key={actionData?.message?.success ? JSON.stringify(actionData.message) : 'form'} reply={reply} />
        <StatusMessage message={message} />
        {actionData?.warning && dismissed !== actionData ? <ConfirmDialog warning={actionData.warning} onCancel={() => setDismissed(actionData)} /> : null}
      </section>
      <section aria-labelledby="open-heading">
        <h2 id="open-heading" className="section-heading">{t('admin.invitations.openHeading')}</h2>
        <p className="hint">{t('admin.invitations.openHelp')}</p>
        <Form method="post">
          <button type="submit" name="intent" value="open" className="button button-secondary">
            {t('admin.invitations.createOpen')}
          </button>
        </Form>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="section-heading">{t('admin.invitations.historyHeading')}</h2>
        <AdminTable
          label={t('admin.invitations.historyHeading')}
          empty={t('admin.invitations.empty')}
          rows={invitations}
          headings={[
            t('admin.invitations.column.email'),
            t('admin.invitations.column.code'),
            t('admin.invitations.column.status'),
            t('admin.invitations.column.created'),
            t('admin.invitations.column.expires'),
            t('admin.invitations.column.actions'),
          ]}
        >
          {(inv) => {
            const status = invitationStatus({ used: inv.used, expiresAt: inv.expires_at }, now)
            return (
              <tr key={inv.id} data-invitation-code={inv.code}>
                <td>{inv.email ?? t('admin.invitations.noRestriction')}</td>
                <td>
                  <code>{inv.code}</code>
                </td>
                <td>
                  <span className={`badge badge-${status === 'pending' ? 'pending-invite' : status}`}>{t(`admin.invitations.status.${status}`)}</span>
                </td>
                <td>
                  <LocalDateTime iso={inv.created_at} />
                </td>
                <td>
                  <LocalDateTime iso={inv.expires_at} />
                </td>
                <td>
                  {status === 'pending' ? (
                    <Form method="post">
                      <input type="hidden" name="invitation_id" value={inv.id} />
                      <button type="submit" name="intent" value="revoke" className="button button-small button-secondary" aria-label={t('admin.invitations.revokeLabel', { code: inv.code })}>
                        {t('admin.invitations.revoke')}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            )
          }}
        </AdminTable>
        <Pager page={page} totalPages={totalPages} hrefFor={(p) => `/admin/invitations?page=${p}`} />
      </section>
    </AdminShell>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  return (
    <AdminShell title={t('admin.invitations.title')}>
      <AdminLoadError messageKey="admin.invitations.failed" />
    </AdminShell>
  )
}
