import { describe, expect, it } from 'vitest'
import { ChangePasswordSchema, ProfileSchema, RegisterSchema, ResetPasswordSchema } from './schema.ts'

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? []

describe('account schemas', () => {
  it('reports every broken password rule, in the spec order', () => {
    const result = RegisterSchema.safeParse({ invitation_code: 'c', email: 'a@b.org', first_name: 'A', last_name: 'B', password: 'abc' })
    expect(messages(result)).toEqual([
      'password: accounts.password.rule.length',
      'password: accounts.password.rule.uppercase',
      'password: accounts.password.rule.number',
      'password: accounts.password.rule.special',
    ])
  })

  it('tells a missing e-mail from a malformed one', () => {
    expect(messages(RegisterSchema.pick({ email: true }).safeParse({}))).toEqual(['email: accounts.email.required'])
    expect(messages(RegisterSchema.pick({ email: true }).safeParse({ email: 'nope' }))).toEqual(['email: accounts.email.invalid'])
  })

  it('offers only the registration titles at registration, and every title on the account page', () => {
    const base = { invitation_code: 'c', email: 'a@b.org', first_name: 'A', last_name: 'B', password: 'Abcdefg1!' }
    expect(RegisterSchema.safeParse({ ...base, title: 'Asst. Prof.' }).success).toBe(false)
    expect(RegisterSchema.safeParse({ ...base, title: 'Mx.', research_field: 'Humanities' }).success).toBe(true)
    const profile = { firstName: 'A', lastName: 'B', organization: 'O' }
    expect(ProfileSchema.safeParse({ ...profile, title: 'Asst. Prof.', researchField: 'Linguistics' }).success).toBe(true)
    // A field chosen at registration stays valid on the account page.
    expect(ProfileSchema.safeParse({ ...profile, researchField: 'Humanities' }).success).toBe(true)
    expect(messages(ProfileSchema.safeParse({ firstName: 'A', lastName: 'B' }))).toEqual(['organization: accounts.organization.required'])
  })

  it('requires the new password twice, the same', () => {
    expect(messages(ResetPasswordSchema.safeParse({ token: 't', newPassword: 'Abcdefg1!', confirmPassword: 'Abcdefg1?' }))).toEqual([
      'confirmPassword: accounts.password.mismatch',
    ])
    expect(messages(ChangePasswordSchema.safeParse({ oldPassword: 'x', newPassword: 'Abcdefg1!', confirmNewPassword: 'Abcdefg1' }))).toEqual([
      'confirmNewPassword: accounts.password.mismatch',
    ])
    expect(messages(ResetPasswordSchema.safeParse({ newPassword: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' }))).toEqual(['token: accounts.reset.missingToken'])
  })
})

describe('password length cap', () => {
  it('refuses a password longer than 128 characters, new or current', () => {
    const long = `Aa1!${'x'.repeat(125)}`
    expect(messages(ResetPasswordSchema.safeParse({ token: 't', newPassword: long, confirmPassword: long }))).toEqual(['newPassword: accounts.password.tooLong'])
    expect(messages(ChangePasswordSchema.safeParse({ oldPassword: long, newPassword: 'Abcdefg1!', confirmNewPassword: 'Abcdefg1!' }))).toEqual([
      'oldPassword: accounts.password.tooLong',
    ])
  })
})
