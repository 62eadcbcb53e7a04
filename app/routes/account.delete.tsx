import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/account.delete'
import { TextField } from '#app/components/field.tsx'
import { FormOutcome } from '#app/components/status-message.tsx'
import { useSchemaForm } from '#app/components/use-schema-form.ts'
import { deleteAccount } from '#app/features/account-data/account.server.ts'
import { DeleteAccountSchema } from '#app/features/account-data/schema.ts'
import { replyOrFailure, type FormReply } from '#app/lib/form.ts'
import { requestIp } from '#app/server/admin.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { formMessage } from '#app/server/messages.server.ts'
import { getServices } from '#app/server/services.server.ts'
import { clearSessionCookie } from '#app/server/session.server.ts'
import { pageTitle } from '#app/lib/page-title.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  return { title: getInstance(context).t('outputs.account.delete.title') }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const submission = parseWithZod(await request.formData(), { schema: DeleteAccountSchema })
  const hideFields = ['password']
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply({ hideFields }) }, { status: 400 })
  const services = getServices(context)
  const outcome = await deleteAccount(services, user.id, submission.value.password, requestIp(context))
  if (!outcome.ok) {
    const key = outcome.problem === 'lastAdmin' ? 'outputs.account.delete.lastAdmin' : 'outputs.account.delete.wrongPassword'
    return data<FormReply>({ result: submission.reply({ hideFields }), message: formMessage(context, key) }, { status: outcome.problem === 'lastAdmin' ? 409 : 400 })
  }
  return redirect('/?accountDeleted=1', { headers: { 'Set-Cookie': await clearSessionCookie(services.config.secureCookies) } })
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return replyOrFailure(serverAction, { network: 'outputs.account.delete.failed', failed: 'outputs.account.delete.failed' })
}

export default function DeleteAccount({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm(DeleteAccountSchema, { id: 'delete-account', lastResult: actionData?.result })
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('outputs.account.delete.title')}</h1>
      <p>{t('outputs.account.delete.explain')}</p>
      <p>
        <a href="/account-settings/export">{t('outputs.account.export.link')}</a>
      </p>
      <Form method="post" {...getFormProps(form)} className="form">
        <TextField field={fields.password} type="password" label={t('outputs.account.delete.password')} autoComplete="current-password" />
        <FormOutcome reply={actionData} />
        <button type="submit" className="button button-danger" disabled={navigation.state === 'submitting'}>
          {t('outputs.account.delete.submit')}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/account-settings">{t('outputs.delete.cancel')}</Link>
      </p>
    </main>
  )
}
