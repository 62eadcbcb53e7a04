import { z } from 'zod'
import { passwordProblems } from '#app/lib/password.ts'

// Client-safe: the forms validate with these in the browser (conform) and the server validates
// every form post and JSON call with the same schemas. Error messages are i18n keys.

/** Titles, exactly as the spec lists them for each form. */
export const REGISTRATION_TITLES = ['Dr.', 'Prof.', 'Mr.', 'Mrs.', 'Ms.', 'Mx.'] as const
export const ACCOUNT_TITLES = ['Dr.', 'Prof.', 'Assoc. Prof.', 'Asst. Prof.', 'Mr.', 'Mrs.', 'Ms.', 'Mx.'] as const

/** Research fields, exactly as the spec lists them: registration has a shorter, different list. */
export const REGISTRATION_RESEARCH_FIELDS = [
  'Computer Science',
  'Biology',
  'Chemistry',
  'Physics',
  'Mathematics',
  'Engineering',
  'Medicine',
  'Psychology',
  'Social Sciences',
  'Humanities',
  'Environmental Science',
  'Other',
] as const
export const ACCOUNT_RESEARCH_FIELDS = [
  'Biology',
  'Chemistry',
  'Computer Science',
  'Economics',
  'Engineering',
  'Environmental Science',
  'History',
  'Linguistics',
  'Literature',
  'Mathematics',
  'Medicine',
  'Philosophy',
  'Physics',
  'Political Science',
  'Psychology',
  'Sociology',
  'Other',
] as const

/** Any title or field a user may hold: one chosen at registration stays valid on the account page. */
const ALL_TITLES = [...new Set([...ACCOUNT_TITLES, ...REGISTRATION_TITLES])] as [string, ...string[]]
const ALL_RESEARCH_FIELDS = [...new Set([...ACCOUNT_RESEARCH_FIELDS, ...REGISTRATION_RESEARCH_FIELDS])] as [string, ...string[]]

const email = (requiredKey = 'accounts.email.required') =>
  z
    .email({ error: (issue) => (issue.input === undefined || issue.input === '' ? requiredKey : 'accounts.email.invalid') })
    .max(254, { error: 'accounts.email.invalid' })

const requiredText = (key: string, max = 100) =>
  z
    .string({ error: key })
    .trim()
    .min(1, { error: key })
    .max(max, { error: 'accounts.field.tooLong' })

const optionalText = (max: number) => z.string().trim().max(max, { error: 'accounts.field.tooLong' }).nullish()

/** Long enough for any passphrase; the cap keeps a megabyte "password" away from argon2. */
const PASSWORD_MAX_LENGTH = 128

/** A new password: every broken rule is one issue, and they are shown joined into one message. */
const newPassword = z
  .string({ error: 'accounts.password.rule.length' })
  .max(PASSWORD_MAX_LENGTH, { error: 'accounts.password.tooLong' })
  .superRefine((value, ctx) => {
    for (const key of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: key })
  })

/** A password to check against the stored hash: required, and never longer than a new one may be. */
const currentPassword = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .min(1, { error: requiredKey })
    .max(PASSWORD_MAX_LENGTH, { error: 'accounts.password.tooLong' })

const titleOf = (values: readonly [string, ...string[]]) => z.enum(values, { error: 'accounts.title.invalid' }).nullish()
const researchFieldOf = (values: readonly [string, ...string[]]) =>
  z.enum(values, { error: 'accounts.researchField.invalid' }).nullish()

export const LoginSchema = z.object({
  email: email(),
  password: currentPassword('accounts.password.required'),
})

/** Field names are the JSON call's (POST /api/register), so the form and the API share the schema. */
export const RegisterSchema = z.object({
  invitation_code: z.string({ error: 'accounts.register.codeRequired' }).trim().min(1, { error: 'accounts.register.codeRequired' }),
  email: email(),
  title: titleOf(REGISTRATION_TITLES as unknown as [string, ...string[]]),
  first_name: requiredText('accounts.firstName.required'),
  last_name: requiredText('accounts.lastName.required'),
  organization: optionalText(200),
  research_field: researchFieldOf(REGISTRATION_RESEARCH_FIELDS as unknown as [string, ...string[]]),
  password: newPassword,
})

export const RequestResetSchema = z.object({ email: email() })

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: 'accounts.reset.missingToken' }).min(1, { error: 'accounts.reset.missingToken' }),
    newPassword,
    confirmPassword: z.string({ error: 'accounts.password.mismatch' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'accounts.password.mismatch' })

export const ProfileSchema = z.object({
  title: titleOf(ALL_TITLES),
  firstName: requiredText('accounts.firstName.required'),
  lastName: requiredText('accounts.lastName.required'),
  organization: requiredText('accounts.organization.required', 200),
  researchField: researchFieldOf(ALL_RESEARCH_FIELDS),
})

export const ChangePasswordSchema = z
  .object({
    oldPassword: currentPassword('accounts.password.oldRequired'),
    newPassword,
    confirmNewPassword: z.string({ error: 'accounts.password.mismatch' }),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, { path: ['confirmNewPassword'], error: 'accounts.password.mismatch' })

export type Registration = z.infer<typeof RegisterSchema>
export type Profile = z.infer<typeof ProfileSchema>
