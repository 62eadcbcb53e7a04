import { z } from 'zod'

/** The updates subscription form and POST /api/subscribe-updates (JSON firstName, email, marketingConsent). */
export const SubscribeSchema = z.object({
  firstName: z
    .string({ error: 'subscribe.firstName.required' })
    .trim()
    .min(1, { error: 'subscribe.firstName.required' })
    .max(100, { error: 'subscribe.firstName.tooLong' }),
  email: z
    .email({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'subscribe.email.required' : 'accounts.email.invalid') })
    .max(254, { error: 'accounts.email.invalid' }),
  marketingConsent: z
    .boolean({ error: 'subscribe.consent.required' })
    .refine((agreed) => agreed, { error: 'subscribe.consent.required' }),
})

export type Subscription = z.infer<typeof SubscribeSchema>
