import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/register'
import { SelectField, TextField } from '#app/components/field.tsx'
import { NewPasswordField } from '#app/components/password-field.tsx'
import { RedirectNotice } from '#app/components/redirect-notice.tsx'
import { FormOutcome, StatusMessage } from '#app/components/status-message.tsx'
import { SubscribeForm } from '#app/components/subscribe-form.tsx'
import { useSchemaForm } from '#app/components/use-schema-form.ts'
import { invitationProblem } from '#app/features/accounts/invitation-status.server.ts'
import { findInvitationEmail } from '#app/features/accounts/queries.server.ts'
import { registerAccount } from '#app/features/accounts/registration.server.ts'
import { REGISTRATION_RESEARCH_FIELDS, REGISTRATION_TITLES, RegisterSchema } from '#app/features/accounts/schema.ts'
import { replyOrFailure, type FormReply } from '#app/lib/form.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { formMessage } from '#app/server/messages.server.ts'
import { consumeRateLimit, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { getServices, requestInfoContext } from '#app/server/services.server.ts'
import { pageTitle } from '#app/lib/page-title.ts'

const REDIRECT_SECONDS = 2

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { t } = getInstance(context)
  const params = new URL(request.url).searchParams
  const code = params.get('code')?.trim() ?? ''
  if (!code) return { title: t('accounts.waitlist.title'), invitation: null, problem: null }
  // A used, expired or unknown code is refused when the page opens, not after the whole form is filled.
  const problemKey = await invitationProblem(getServices(context).db, code)
  if (problemKey) return { title: t('accounts.register.title'), invitation: null, problem: t(problemKey) }
  // An invitation bound to an e-mail fills it in; one that is not (such as the first admin's) leaves it to the visitor.
  const boundEmail = await findInvitationEmail(getServices(context).db, code)
  const email = boundEmail ?? params.get('email')?.trim() ?? ''
  return { title: t('accounts.register.title'), invitation: { code, email }, problem: null }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: RegisterSchema })
  const hideFields = ['password']
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply({ hideFields }) }, { status: 400 })
  const services = getServices(context)
  if (await consumeRateLimit(services.db, RATE_LIMITS.registerPerIp, context.get(requestInfoContext).ip)) {
    return data<FormReply>({ result: submission.reply({ hideFields }), message: formMessage(context, 'accounts.rateLimited') }, { status: 429 })
  }
  // An e-mail that already has an account answers like a new one (its owner gets a mail instead).
  const outcome = await registerAccount(services, submission.value, getInstance(context).t)
  if (!outcome.ok) {
    return data<FormReply>({ result: submission.reply({ hideFields }), message: formMessage(context, outcome.messageKey) }, { status: 400 })
  }
  return data<FormReply>({ result: submission.reply({ resetForm: true }), message: formMessage(context, 'accounts.register.success') })
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return replyOrFailure(serverAction, { network: 'accounts.register.networkError', failed: 'accounts.register.failed' })
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  // A registration that just went through spends its code: its success wins over the code's new state.
  if (actionData?.message?.success) {
    return (
      <main id="main" className="page page-narrow">
        <h1>{t('accounts.register.title')}</h1>
        <RedirectNotice message={actionData.message} to="/login" seconds={REDIRECT_SECONDS}>
          <p>
            <Link to="/login">{t('accounts.register.login')}</Link>
          </p>
        </RedirectNotice>
      </main>
    )
  }
  if (!loaderData.invitation) {
    return (
      <main id="main" className="page page-narrow">
        <h1>{t('accounts.waitlist.title')}</h1>
        <StatusMessage message={loaderData.problem ? { text: loaderData.problem, success: false } : null} />
        <p>{t('accounts.waitlist.description')}</p>
        <SubscribeForm id="waitlist-subscribe" />
        <p className="form-links">
          <span>
            {t('accounts.register.haveAccount')} <Link to="/login">{t('accounts.register.login')}</Link>
          </span>
        </p>
      </main>
    )
  }
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('accounts.register.title')}</h1>
      <RegisterForm invitation={loaderData.invitation} reply={actionData} />
    </main>
  )
}

function RegisterForm({ invitation, reply }: { invitation: { code: string; email: string }; reply: FormReply | undefined }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm(RegisterSchema, {
    id: 'register',
    lastResult: reply?.result,
    defaultValue: { invitation_code: invitation.code, email: invitation.email },
  })
  const titles = REGISTRATION_TITLES.map((value) => ({ value, label: t(`accounts.titleOption.${value}`) }))
  const researchFields = REGISTRATION_RESEARCH_FIELDS.map((value) => ({ value, label: t(`accounts.researchFieldOption.${value}`) }))
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <TextField field={fields.invitation_code} label={t('accounts.field.invitationCode')} readOnly />
      <TextField field={fields.email} type="email" label={t('accounts.field.email')} autoComplete="email" readOnly={invitation.email !== ''} />
      <SelectField field={fields.title} label={t('accounts.field.title')} options={titles} placeholder={t('accounts.field.choose')} />
      <TextField field={fields.first_name} label={t('accounts.field.firstName')} autoComplete="given-name" />
      <TextField field={fields.last_name} label={t('accounts.field.lastName')} autoComplete="family-name" />
      <TextField field={fields.organization} label={t('accounts.field.organization')} autoComplete="organization" />
      <NewPasswordField field={fields.password} label={t('accounts.field.password')} />
      <SelectField field={fields.research_field} label={t('accounts.field.researchField')} options={researchFields} placeholder={t('accounts.field.choose')} />
      <FormOutcome reply={reply} />
      <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
        {t('accounts.register.submit')}
      </button>
      <p className="form-links">
        <span>
          {t('accounts.register.haveAccount')} <Link to="/login">{t('accounts.register.login')}</Link>
        </span>
      </p>
    </Form>
  )
}
