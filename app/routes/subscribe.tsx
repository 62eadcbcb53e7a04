import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/lib/use-translation.ts'
import { data } from 'react-router'
import type { Route } from './+types/subscribe'
import { SubscribeForm } from '#app/components/subscribe-form.tsx'
import { subscribeToUpdates } from '#app/features/subscribers/mutations.server.ts'
import { SubscribeSchema } from '#app/features/subscribers/schema.ts'
import { replyOrFailure, type FormReply } from '#app/lib/form.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { formMessage } from '#app/server/messages.server.ts'
import { consumeRateLimit, RATE_LIMITS } from '#app/server/rate-limit.server.ts'
import { getServices, requestInfoContext } from '#app/server/services.server.ts'
import { pageTitle } from '#app/lib/page-title.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t('subscribe.meta.title') }
}

/** The updates subscription form posts here from any page (home, waitlist). */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: SubscribeSchema })
  if (submission.status !== 'success') return data<FormReply>({ result: submission.reply() }, { status: 400 })
  const { db } = getServices(context)
  if (await consumeRateLimit(db, RATE_LIMITS.subscribePerIp, context.get(requestInfoContext).ip)) {
    return data<FormReply>({ result: submission.reply(), message: formMessage(context, 'accounts.rateLimited') }, { status: 429 })
  }
  await subscribeToUpdates(db, submission.value)
  // The spec's thanks contains none of its success words, but it is the success state of this form.
  const message = { text: getInstance(context).t('subscribe.success'), success: true }
  return data<FormReply>({ result: submission.reply({ resetForm: true }), message })
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return replyOrFailure(serverAction, { network: 'subscribe.networkError', failed: 'subscribe.failed' })
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <main id="main" className="page page-narrow">
      <h1>{t('subscribe.title')}</h1>
      <p>{t('subscribe.description')}</p>
      <SubscribeForm reply={actionData} />
    </main>
  )
}
