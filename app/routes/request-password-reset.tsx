import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/request-password-reset'
import { TextField } from '#app/components/field.tsx'
import { FormOutcome } from '#app/components/status-message.tsx'
import { useSchemaForm } from '#app/components/use-schema-form.ts'
import { requestPasswordReset } from '#app/features/accounts/password-reset.server.ts'
import { RequestResetSchema } from '#app/features/accounts/schema.ts'
import { replyOrFailure, type FormReply } from '#app/lib/form.ts'
import { getInstance, getLocale } from '#app/server/i18n.server.ts'
import { formMessage } from '#app/server/messages.server.ts'
import { consumeRateLimit, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { getServices, requestInfoContext } from '#app/server/services.server.ts'
import { pageTitle } from '#app/lib/page-title.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t('accounts.resetRequest.title') }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: RequestResetSchema })
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply() }, { status: 400 })
  const services = getServices(context)
  if (await consumeRateLimit(services.db, RATE_LIMITS.resetRequestPerIp, context.get(requestInfoContext).ip)) {
    return data<FormReply>({ result: submission.reply(), message: formMessage(context, 'accounts.rateLimited') }, { status: 429 })
  }
  await requestPasswordReset(services, { email: submission.value.email, language: getLocale(context) })
  return data<FormReply>({ result: submission.reply({ resetForm: true }), message: formMessage(context, 'accounts.resetRequest.sent') })
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return replyOrFailure(serverAction, { network: 'accounts.resetRequest.failed', failed: 'accounts.resetRequest.failed' })
}

export default function RequestPasswordReset({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm(RequestResetSchema, { id: 'request-reset', lastResult: actionData?.result })
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('accounts.resetRequest.title')}</h1>
      <p>{t('accounts.resetRequest.description')}</p>
      <Form method="post" {...getFormProps(form)} className="form">
        <TextField field={fields.email} type="email" label={t('accounts.field.email')} autoComplete="email" />
        <FormOutcome reply={actionData} />
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {t('accounts.resetRequest.submit')}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/login">{t('accounts.resetRequest.backToLogin')}</Link>
      </p>
    </main>
  )
}
