import { z } from 'zod'

/** An Excel import larger than this is refused before it is read. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024
export const KEY_COLUMN = 'Translation Key'
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A language code as HTML's lang attribute and the translation URLs take it: en, pt-BR, zh-Hans. */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/

const code = z
  .string({ error: 'adminTranslations.error.codeRequired' })
  .trim()
  .min(1, 'adminTranslations.error.codeRequired')
  .max(35, 'adminTranslations.error.codeFormat')
  .regex(LANGUAGE_CODE, 'adminTranslations.error.codeFormat')
const name = z
  .string({ error: 'adminTranslations.error.nameRequired' })
  .trim()
  .min(1, 'adminTranslations.error.nameRequired')
  .max(100, 'adminTranslations.error.nameTooLong')

/**
 * The add payload as the spec names it. `is_active` left out means active for the API; the form's
 * checkbox sends nothing when unticked, so the page reads a missing value as false.
 */
export const AddLanguageSchema = z.object({
  language_code: code,
  language_name: name,
  is_default: z.boolean().optional(),
  is_active: z.boolean().optional(),
})

/** The update payload: `code` may be sent but must be the language's own (it cannot change). */
export const UpdateLanguageSchema = z.object({
  code: z.string().trim().optional(),
  name,
  is_active: z.boolean().optional(),
  is_default: z.boolean().optional(),
})

export type AddLanguageInput = z.output<typeof AddLanguageSchema>
export type UpdateLanguageInput = z.output<typeof UpdateLanguageSchema>

/** The spec's `_plural` sibling and the CLDR plural suffixes i18next reads (Arabic uses all six). */
export const PLURAL_SUFFIXES = ['_plural', '_zero', '_one', '_two', '_few', '_many', '_other'] as const

/** The key a plural variant belongs to (`x_few` → `x`), or null for an ordinary key. */
export function pluralBase(key: string): string | null {
  for (const suffix of PLURAL_SUFFIXES) if (key.endsWith(suffix)) return key.slice(0, -suffix.length)
  return null
}
