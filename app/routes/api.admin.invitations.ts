import type { Route } from './+types/api.admin.invitations'
import { actorOf, adminJson } from '#app/features/admin/http.server.ts'
import { sendInvitation } from '#app/features/admin/mutations.server.ts'
import { listInvitations } from '#app/features/admin/queries.server.ts'
import { InvitationApiSchema, InvitationSchema, invitationStatus, pageFrom } from '#app/features/admin/schema.ts'
import { requireAdminApi } from '#app/server/admin.server.ts'
import { jsonError, methodNotAllowed, readJsonBody } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'

/** GET /api/admin/invitations[?page]: {invitations[]} newest first, each with its derived status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(request, context)
  const list = await listInvitations(getServices(context).db, pageFrom(new URL(request.url).searchParams.get('page')))
  return adminJson({ ...list, invitations: list.invitations.map((inv) => ({ ...inv, status: invitationStatus({ used: inv.used, expiresAt: inv.expires_at }) })) })
}

/**
 * POST /api/admin/invitations: {email} or {email, force_send: true}; {open: true} without an e-mail
 * creates an open code. A duplicate answers 409 with warning.message; a bad e-mail 400 with the spec's message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context, 'GET, POST')
  const admin = await requireAdminApi(request, context)
  const services = getServices(context)
  const { t } = getInstance(context)
  const body = await readJsonBody(request, context, InvitationApiSchema)
  const actor = actorOf(admin, context)
  if (body.open && !body.email) {
    const outcome = await sendInvitation(services, actor, { email: null, forceSend: false }, t)
    const code = outcome.kind === 'sent' ? outcome.code : ''
    return adminJson({ message: t('admin.invitations.openCreated', { code }), code }, { status: 201 })
  }
  const checked = InvitationSchema.safeParse({ email: body.email ?? '' })
  if (!checked.success) {
    const message = t(checked.error.issues[0].message)
    return jsonError(400, message, { error: message, errors: { email: [message] } })
  }
  const outcome = await sendInvitation(services, actor, { email: checked.data.email, forceSend: body.force_send === true }, t)
  if (outcome.kind === 'warning') {
    const text = t(outcome.messageKey, { email: outcome.email })
    return adminJson({ message: text, warning: { message: text } }, { status: 409 })
  }
  return adminJson({ message: t('admin.invitations.sent', { email: outcome.email ?? '' }), code: outcome.code }, { status: 201 })
}
