import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/reset-password'
import { TextField } from '#app/components/field.tsx'
import { NewPasswordField } from '#app/components/password-field.tsx'
import { RedirectNotice } from '#app/components/redirect-notice.tsx'
import { FormOutcome, StatusMessage } from '#app/components/status-message.tsx'
import { useSchemaForm } from '#app/components/use-schema-form.ts'
import { resetPassword } from '#app/features/accounts/mutations.server.ts'
import { resetTokenProblem } from '#app/features/accounts/queries.server.ts'
import { ResetPasswordSchema } from '#app/features/accounts/schema.ts'
import { replyOrFailure, type FormReply } from '#app/lib/form.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { formMessage } from '#app/server/messages.server.ts'
import { getServices } from '#app/server/services.server.ts'
import { pageTitle } from '#app/lib/page-title.ts'

const REDIRECT_SECONDS = 3

export function meta({ loaderData }: Route.MetaArgs) {
  // No stricter referrer policy here: with `no-referrer` Chromium posts the form with `Origin: null`,
  // which the same-origin check refuses. The site-wide strict-origin-when-cross-origin already keeps
  // the token out of every cross-site Referer.
  return [{ title: pageTitle(loaderData?.title) }]
}

/** Says at once when the link cannot be used any more, rather than after the visitor has typed a new password. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { t } = getInstance(context)
  const problem = params.token ? await resetTokenProblem(getServices(context).db, params.token) : null
  return {
    title: t('accounts.reset.title'),
    hasToken: Boolean(params.token),
    token: params.token ?? '',
    problem: problem ? formMessage(context, 'accounts.reset.failed', { message: t(problem) }) : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await request.formData()
  formData.set('token', params.token ?? '')
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema })
  const hideFields = ['token', 'newPassword', 'confirmPassword']
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply({ hideFields }) }, { status: 400 })
  const outcome = await resetPassword(getServices(context).db, submission.value.token, submission.value.newPassword)
  if (!outcome.ok) {
    const message = formMessage(context, 'accounts.reset.failed', { message: getInstance(context).t(outcome.messageKey) })
    return data<FormReply>({ result: submission.reply({ hideFields }), message }, { status: 400 })
  }
  return data<FormReply>({ result: submission.reply({ resetForm: true }), message: formMessage(context, 'accounts.reset.success') })
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return replyOrFailure(serverAction, { network: 'accounts.reset.networkError', failed: 'accounts.reset.serverError' })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  let body: React.ReactNode
  if (!loaderData.hasToken) body = <StatusMessage message={{ text: t('accounts.reset.noToken'), success: false }} />
  else if (actionData?.message?.success) body = <RedirectNotice message={actionData.message} to="/login" seconds={REDIRECT_SECONDS} />
  else if (loaderData.problem && !actionData) body = <StatusMessage message={loaderData.problem} />
  else body = <ResetForm token={loaderData.token} reply={actionData} />
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('accounts.reset.title')}</h1>
      {body}
      <p className="form-links">
        <Link to="/request-password-reset">{t('accounts.reset.requestNew')}</Link>
        <Link to="/login">{t('accounts.resetRequest.backToLogin')}</Link>
      </p>
    </main>
  )
}

function ResetForm({ token, reply }: { token: string; reply: FormReply | undefined }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm(ResetPasswordSchema, { id: 'reset-password', lastResult: reply?.result })
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      {/* Already in the URL; the browser's own check needs it, and the server reads the URL's. */}
      <input type="hidden" name="token" value={token} />
      <NewPasswordField field={fields.newPassword} label={t('accounts.field.newPassword')} />
      <TextField field={fields.confirmPassword} type="password" label={t('accounts.field.confirmPassword')} autoComplete="new-password" />
      <FormOutcome reply={reply} />
      <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
        {t('accounts.reset.submit')}
      </button>
    </Form>
  )
}
