import { z } from 'zod'
import { INT4_MAX } from '#app/lib/ids.ts'

/** One colour → category preference; `category_name` is accepted (the spec's payload has it) but the id decides. */
const ColorPreference = z.object({
  hex: z
    .string({ error: 'preferences.hex.invalid' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'preferences.hex.invalid' })
    .transform((hex) => hex.toLowerCase()),
  category_id: z.coerce
    .number({ error: 'preferences.category.required' })
    .int({ error: 'preferences.category.required' })
    .min(1, { error: 'preferences.category.invalid' })
    .max(INT4_MAX, { error: 'preferences.category.invalid' }),
  category_name: z.string().nullish(),
})

/** Upload Settings on the account page and PUT /api/account/preferences. */
export const PreferencesSchema = z.object({
  defaultReferenceLanguageId: z.coerce
    .number({ error: 'preferences.style.invalid' })
    .int({ error: 'preferences.style.invalid' })
    .min(1, { error: 'preferences.style.invalid' })
    .max(INT4_MAX, { error: 'preferences.style.invalid' })
    .nullish(),
  preferredColorsCategorization: z
    .array(ColorPreference)
    .max(100, { error: 'preferences.tooMany' })
    .default([])
    .refine((list) => new Set(list.map((p) => p.hex)).size === list.length, { error: 'preferences.duplicateColor' }),
})

export type Preferences = z.infer<typeof PreferencesSchema>
