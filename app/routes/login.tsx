import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/login'
import { TextField } from '#app/components/field.tsx'
import { FormOutcome } from '#app/components/status-message.tsx'
import { useSchemaForm } from '#app/components/use-schema-form.ts'
import { attemptLogin } from '#app/features/accounts/login.server.ts'
import { signIn } from '#app/features/accounts/mutations.server.ts'
import { LoginSchema } from '#app/features/accounts/schema.ts'
import { replyOrFailure, type FormReply } from '#app/lib/form.ts'
import { afterLoginPath, redirectIfSignedIn } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { formMessage } from '#app/server/messages.server.ts'
import { getServices, requestInfoContext } from '#app/server/services.server.ts'
import { commitSessionCookie } from '#app/server/session.server.ts'
import { pageTitle } from '#app/lib/page-title.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

/** A refused sign-in says how long to wait (the action's Retry-After reaches the document response). */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : loaderHeaders
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context)
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  return { title: getInstance(context).t('accounts.login.meta.title'), redirectTo: redirectTo ? afterLoginPath(redirectTo) : '' }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  const { db, config } = getServices(context)
  const { ip } = context.get(requestInfoContext)
  const outcome = await attemptLogin(db, { ...submission.value, ip })
  if (!outcome.ok) {
    return data<FormReply>(
      { result: submission.reply({ hideFields: ['password'] }), message: formMessage(context, outcome.messageKey) },
      {
        status: outcome.rateLimited ? 429 : 401,
        headers: outcome.retryAfterSeconds ? { 'Retry-After': String(outcome.retryAfterSeconds) } : undefined,
      },
    )
  }
  const secret = await signIn(db, {
    userId: outcome.value.userId,
    kind: 'browser',
    ttlDays: config.sessionTtlDays,
    ip,
    userAgent: request.headers.get('User-Agent'),
  })
  return redirect(afterLoginPath(formData.get('redirectTo')), {
    headers: { 'Set-Cookie': await commitSessionCookie(secret, config.sessionTtlDays, config.secureCookies) },
  })
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return replyOrFailure(serverAction, { network: 'accounts.login.networkError', failed: 'accounts.login.failed' })
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm(LoginSchema, { id: 'login', lastResult: actionData?.result })
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('accounts.login.title')}</h1>
      <Form method="post" {...getFormProps(form)} className="form">
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <TextField field={fields.email} type="email" label={t('accounts.field.email')} autoComplete="username" />
        <TextField field={fields.password} type="password" label={t('accounts.field.password')} autoComplete="current-password" />
        <FormOutcome reply={actionData} />
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {t('accounts.login.submit')}
        </button>
      </Form>
      <p className="form-links">
        <Link to="/request-password-reset">{t('accounts.login.forgotPassword')}</Link>
        <span>
          {t('accounts.login.noAccount')} <Link to="/register">{t('accounts.login.signUp')}</Link>
        </span>
      </p>
    </main>
  )
}
