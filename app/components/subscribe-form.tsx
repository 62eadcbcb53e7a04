import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/lib/use-translation.ts'
import { useFetcher } from 'react-router'
import { SubscribeSchema } from '#app/features/subscribers/schema.ts'
import type { FormReply } from '#app/lib/form.ts'
import { CheckboxField, TextField } from './field.tsx'
import { FormOutcome } from './status-message.tsx'
import { zodConstraint } from './use-schema-form.ts'

/**
 * The updates subscription form (first name, e-mail, marketing consent). It posts to /subscribe: with
 * JavaScript through a fetcher, so the page it sits on stays put; without, the browser shows the
 * /subscribe page with the outcome (which passes its action data in as `reply`).
 */
export function SubscribeForm({ reply, id = 'subscribe' }: { reply?: FormReply; id?: string }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<FormReply>({ key: id })
  const current = fetcher.data ?? reply
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.state === 'idle' ? current?.result : undefined,
    constraint: zodConstraint(SubscribeSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SubscribeSchema }),
  })
  return (
    <fetcher.Form method="post" action="/subscribe" {...getFormProps(form)} className="form subscribe-form">
      <TextField field={fields.firstName} label={t('subscribe.firstName')} autoComplete="given-name" />
      <TextField field={fields.email} type="email" label={t('subscribe.email')} autoComplete="email" />
      <CheckboxField field={fields.marketingConsent} label={t('subscribe.consent')} />
      <button type="submit" className="button" disabled={fetcher.state !== 'idle'}>
        {t('subscribe.submit')}
      </button>
      <FormOutcome reply={fetcher.state === 'idle' ? current : undefined} />
    </fetcher.Form>
  )
}
