import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from '#app/server/logger.server.ts'
import { createTransport } from '#app/server/mail.server.ts'
import { hashSecret } from '#app/server/tokens.server.ts'
import { passwordResetHandler } from '#jobs/password-reset.ts'
import { sendEmailHandler } from '#jobs/send-email.ts'
import { apiClient, createInvitation, GOOD_PASSWORD } from '#tests/helpers/accounts.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { startSmtpCapture } from '#tests/helpers/smtp.ts'

const smtp = await startSmtpCapture()
afterAll(() => smtp.close())
const { baseUrl, db, boss, config } = await startTestServer({ SMTP_URL: smtp.url })
// The web server under test enqueues mail and reset requests; these workers handle them and deliver
// the mail to the capturing SMTP server.
await boss.work('send-email', sendEmailHandler({ db, transport: createTransport(smtp.url), from: config.mailFrom }))
await boss.work('password-reset', passwordResetHandler({ db, boss, config, logger: createLogger('silent') }))
const api = apiClient(baseUrl)
// Every call here comes from 127.0.0.1; the limits have their own test file (accounts-rate-limits).
beforeEach(async () => {
  await db.deleteFrom('rate_limits').execute()
})

const PASSWORD_RULES_MESSAGE = [
  'Password must be at least 8 characters long',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one number',
  'Password must contain at least one special character',
].join(' ')

async function register(email: string, extra: Record<string, unknown> = {}) {
  const code = await createInvitation(db)
  return api('POST', '/api/register', {
    body: { email, password: GOOD_PASSWORD, invitation_code: code, first_name: 'Ada', last_name: 'Lovelace', ...extra },
  })
}

async function login(email: string, password = GOOD_PASSWORD): Promise<string> {
  const res = await api('POST', '/api/login', { body: { email, password } })
  expect(res.status).toBe(200)
  return res.json.token as string
}

describe('POST /api/subscribe-updates', () => {
  it('subscribes with the spec\'s thanks', async () => {
    const res = await api('POST', '/api/subscribe-updates', { body: { firstName: 'Grace', email: 'grace@example.org', marketingConsent: true } })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: "Thank you for subscribing! We'll keep you updated on our latest developments." })
    const row = await db.selectFrom('subscribers').select(['first_name', 'marketing_consent']).where('email', '=', 'GRACE@example.org').executeTakeFirst()
    expect(row).toEqual({ first_name: 'Grace', marketing_consent: true })
  })

  it('answers the same to a second subscription of one address', async () => {
    const res = await api('POST', '/api/subscribe-updates', { body: { firstName: 'Grace H.', email: 'grace@example.org', marketingConsent: true } })
    expect(res.status).toBe(201)
  })

  it('requires an e-mail', async () => {
    const res = await api('POST', '/api/subscribe-updates', { body: { firstName: 'Grace', marketingConsent: true } })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('Email is required.')
  })

  it('requires consent', async () => {
    const res = await api('POST', '/api/subscribe-updates', { body: { firstName: 'Grace', email: 'g@example.org', marketingConsent: false } })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('Please agree to receive marketing communications.')
  })

  it('answers a body that is not JSON with 400 and a message', async () => {
    const res = await api('POST', '/api/subscribe-updates', { raw: '{"firstName": ' })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('The request body must be valid JSON.')
  })
})

describe('POST /api/register', () => {
  it('creates the account, marks the invitation used and answers with the spec\'s message', async () => {
    const code = await createInvitation(db, { email: 'ada@example.org' })
    const res = await api('POST', '/api/register', {
      body: {
        email: 'Ada@Example.org',
        password: GOOD_PASSWORD,
        invitation_code: code,
        title: 'Dr.',
        first_name: 'Ada',
        last_name: 'Lovelace',
        organization: 'Analytical Engines Ltd',
        research_field: 'Humanities',
      },
    })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: 'Registration successful! Redirecting to login...' })
    const user = await db.selectFrom('users').select(['id', 'password_hash', 'is_admin', 'title', 'research_field']).where('email', '=', 'ada@example.org').executeTakeFirstOrThrow()
    expect(user.password_hash).toMatch(/^\$argon2id\$/)
    expect(user).toMatchObject({ is_admin: false, title: 'Dr.', research_field: 'Humanities' })
    const invitation = await db.selectFrom('invitations').select(['used', 'used_by', 'used_at']).where('code', '=', code).executeTakeFirstOrThrow()
    expect(invitation.used).toBe(true)
    expect(invitation.used_by).toBe(user.id)
    expect(invitation.used_at).toBeInstanceOf(Date)
  })

  it('makes an admin from an invitation that grants admin rights (the first admin\'s)', async () => {
    const code = await createInvitation(db, { grantsAdmin: true })
    const res = await api('POST', '/api/register', {
      body: { email: 'root@example.org', password: GOOD_PASSWORD, invitation_code: code, first_name: 'Root', last_name: 'Admin' },
    })
    expect(res.status).toBe(201)
    const token = await login('root@example.org')
    expect((await api('GET', '/api/account/details', { token })).json.isAdmin).toBe(true)
  })

  it('refuses an unknown, used or expired code, and a code bound to another e-mail', async () => {
    const body = { email: 'x@example.org', password: GOOD_PASSWORD, first_name: 'X', last_name: 'Y' }
    const cases = [
      ['no-such-code', 'This invitation code is not valid.'],
      [await createInvitation(db, { used: true }), 'This invitation code has already been used.'],
      [await createInvitation(db, { expiresInMs: -1000 }), 'This invitation code has expired.'],
      [await createInvitation(db, { email: 'someone-else@example.org' }), 'This invitation code was issued for a different email address.'],
    ] as const
    for (const [code, message] of cases) {
      const res = await api('POST', '/api/register', { body: { ...body, invitation_code: code } })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe(message)
    }
    expect(await db.selectFrom('users').select('id').where('email', '=', 'x@example.org').executeTakeFirst()).toBeUndefined()
  })

  it('lets only one of two simultaneous sign-ups use a code', async () => {
    const code = await createInvitation(db)
    const attempt = (email: string) =>
      api('POST', '/api/register', { body: { email, password: GOOD_PASSWORD, invitation_code: code, first_name: 'Twin', last_name: 'T' } })
    const results = await Promise.all([attempt('twin-a@example.org'), attempt('twin-b@example.org')])
    expect(results.map((r) => r.status).sort()).toEqual([201, 400])
    expect(results.find((r) => r.status === 400)?.json.message).toBe('This invitation code has already been used.')
    const users = await db.selectFrom('users').select('email').where('email', 'in', ['twin-a@example.org', 'twin-b@example.org']).execute()
    expect(users).toHaveLength(1)
  })

  it('answers an e-mail that is already registered like a new one: the invitation is spent, the account unchanged, its owner mailed', async () => {
    const code = await createInvitation(db)
    const res = await api('POST', '/api/register', {
      body: { email: 'ADA@example.org', password: 'Another-Passw0rd!', invitation_code: code, first_name: 'A', last_name: 'L' },
    })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: 'Registration successful! Redirecting to login...' })
    const invitation = await db.selectFrom('invitations').select(['used', 'used_by']).where('code', '=', code).executeTakeFirstOrThrow()
    expect(invitation).toEqual({ used: true, used_by: null })
    expect((await api('POST', '/api/login', { body: { email: 'ada@example.org', password: 'Another-Passw0rd!' } })).status).toBe(401)
    expect((await smtp.waitForMail('ada@example.org')).subject).toBe('You already have a Marginalia account')
  })

  it('joins every broken password rule into one message', async () => {
    const res = await register('weak@example.org', { password: 'short' })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe(PASSWORD_RULES_MESSAGE)
  })

  it('names the lowercase rule too', async () => {
    const res = await register('shouty@example.org', { password: 'SHOUTING-1!' })
    expect(res.json.message).toBe('Password must contain at least one lowercase letter')
  })

  it('requires first and last name, and a title from the registration list', async () => {
    const res = await register('names@example.org', { first_name: ' ', last_name: undefined, title: 'Assoc. Prof.' })
    expect(res.status).toBe(400)
    expect(res.json.errors).toEqual({
      title: ['Please choose a title from the list.'],
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
    })
  })
})

describe('POST /api/login', () => {
  it('answers token and user_id', async () => {
    const res = await api('POST', '/api/login', { body: { email: 'ada@example.org', password: GOOD_PASSWORD } })
    expect(res.status).toBe(200)
    expect(Object.keys(res.json).sort()).toEqual(['token', 'user_id'])
    const session = await db.selectFrom('sessions').select(['kind', 'user_id']).where('id_hash', '=', hashSecret(res.json.token as string)).executeTakeFirstOrThrow()
    expect(session).toEqual({ kind: 'api', user_id: res.json.user_id })
  })

  it('gives a new token at every login', async () => {
    expect(await login('ada@example.org')).not.toBe(await login('ada@example.org'))
  })

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    for (const body of [
      { email: 'ada@example.org', password: 'Wrong-Password1!' },
      { email: 'nobody@example.org', password: GOOD_PASSWORD },
    ]) {
      const res = await api('POST', '/api/login', { body })
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ message: 'Invalid email or password.' })
    }
  })

  it('refuses a deactivated account', async () => {
    await register('gone@example.org')
    await db.updateTable('users').set({ is_active: false }).where('email', '=', 'gone@example.org').execute()
    const res = await api('POST', '/api/login', { body: { email: 'gone@example.org', password: GOOD_PASSWORD } })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe('This account has been deactivated. Please contact support.')
  })

  it('answers missing fields with the required messages', async () => {
    const res = await api('POST', '/api/login', { body: {} })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('Email is required. Password is required.')
  })
})

describe('authentication of the account calls', () => {
  it.each([
    ['GET', '/api/account/details'],
    ['PUT', '/api/account/details'],
    ['GET', '/api/account/preferences'],
    ['PUT', '/api/account/preferences'],
    ['PUT', '/api/account/password'],
  ])('%s %s answers 401 with a JSON message without a token or with a bad one', async (method, path) => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await api(method, path, { token, body: method === 'PUT' ? {} : undefined })
      expect(res.status).toBe(401)
      expect(res.json.message).toBe('Authentication required: send a valid bearer token from POST /api/login.')
    }
  })

  it('does not take a browser session id as a bearer token', async () => {
    const user = await db.selectFrom('users').select('id').where('email', '=', 'ada@example.org').executeTakeFirstOrThrow()
    const { createSession } = await import('#app/server/session.server.ts')
    const browserSecret = await createSession(db, { userId: user.id, kind: 'browser', ttlDays: 1 })
    expect((await api('GET', '/api/account/details', { token: browserSecret })).status).toBe(401)
  })

  it('refuses an expired token', async () => {
    const token = await login('ada@example.org')
    await db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id_hash', '=', hashSecret(token)).execute()
    expect((await api('GET', '/api/account/details', { token })).status).toBe(401)
  })
})

describe('/api/account/details', () => {
  it('answers the spec\'s fields', async () => {
    const token = await login('ada@example.org')
    const res = await api('GET', '/api/account/details', { token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      title: 'Dr.',
      organization: 'Analytical Engines Ltd',
      researchField: 'Humanities',
      email: 'ada@example.org',
      isAdmin: false,
    })
  })

  it('updates the profile', async () => {
    const token = await login('ada@example.org')
    const res = await api('PUT', '/api/account/details', {
      token,
      body: { title: 'Assoc. Prof.', firstName: 'Augusta Ada', lastName: 'King', organization: 'Royal Society', researchField: 'Mathematics' },
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Profile updated successfully!' })
    expect((await api('GET', '/api/account/details', { token })).json).toMatchObject({ firstName: 'Augusta Ada', title: 'Assoc. Prof.', researchField: 'Mathematics' })
  })

  it('requires the organization on the account page', async () => {
    const token = await login('ada@example.org')
    const res = await api('PUT', '/api/account/details', { token, body: { firstName: 'Ada', lastName: 'King', organization: '' } })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('Organization is required.')
  })

  it('answers a malformed body with 400 and a message', async () => {
    const token = await login('ada@example.org')
    const res = await api('PUT', '/api/account/details', { token, raw: 'not json' })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('The request body must be valid JSON.')
  })
})

describe('/api/account/preferences', () => {
  it('lists the choices and, once saved, the colours in hue order', async () => {
    const token = await login('ada@example.org')
    const before = await api('GET', '/api/account/preferences', { token })
    expect(before.status).toBe(200)
    expect(before.json.defaultReferenceLanguageId).toBeNull()
    expect(before.json.preferredColorsCategorization).toEqual([])
    const categories = before.json.availableColorCategories as { id: number; name: string }[]
    const styles = before.json.availableReferenceLanguages as { id: number; name: string }[]
    expect(categories.map((c) => c.name)).toContain('Reference')
    expect(styles.map((s) => s.name)).toContain('APA 7')
    const [first, second] = categories
    const save = await api('PUT', '/api/account/preferences', {
      token,
      body: {
        defaultReferenceLanguageId: styles[1].id,
        preferredColorsCategorization: [
          { hex: '#0000FF', category_id: first.id, category_name: first.name },
          { hex: '#ff0000', category_id: second.id, category_name: second.name },
          { hex: '#ffff00', category_id: first.id, category_name: first.name },
        ],
      },
    })
    expect(save.status).toBe(200)
    expect(save.json).toEqual({ message: 'Preferences updated successfully!' })
    const after = await api('GET', '/api/account/preferences', { token })
    expect(after.json.defaultReferenceLanguageId).toBe(styles[1].id)
    expect(after.json.preferredColorsCategorization).toEqual([
      { hex: '#ff0000', category_id: second.id, category_name: second.name },
      { hex: '#ffff00', category_id: first.id, category_name: first.name },
      { hex: '#0000ff', category_id: first.id, category_name: first.name },
    ])
  })

  it('refuses an unknown category or style, a bad colour and a colour given twice', async () => {
    const token = await login('ada@example.org')
    const cases = [
      [{ preferredColorsCategorization: [{ hex: '#ff0000', category_id: 99_999 }] }, 'Unknown colour category.'],
      [{ defaultReferenceLanguageId: 99_999 }, 'Unknown reference style.'],
      [{ preferredColorsCategorization: [{ hex: 'red', category_id: 1 }] }, 'Colours must be written as #rrggbb.'],
      [
        { preferredColorsCategorization: [{ hex: '#ff0000', category_id: 1 }, { hex: '#FF0000', category_id: 2 }] },
        'Each colour can have only one category.',
      ],
    ] as const
    for (const [body, message] of cases) {
      const res = await api('PUT', '/api/account/preferences', { token, body })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe(message)
    }
  })
})

describe('PUT /api/account/password', () => {
  it('refuses a wrong old password, unmatched new passwords and a weak one', async () => {
    const token = await login('ada@example.org')
    const cases = [
      [{ oldPassword: 'Wrong-Password1!', newPassword: 'New-Passw0rd!x', confirmNewPassword: 'New-Passw0rd!x' }, 'Your current password is incorrect.'],
      [{ oldPassword: GOOD_PASSWORD, newPassword: 'New-Passw0rd!x', confirmNewPassword: 'New-Passw0rd!y' }, 'New passwords do not match.'],
      [{ oldPassword: GOOD_PASSWORD, newPassword: 'weakweak', confirmNewPassword: 'weakweak' }, PASSWORD_RULES_MESSAGE.replace('Password must be at least 8 characters long ', '')],
    ] as const
    for (const [body, message] of cases) {
      const res = await api('PUT', '/api/account/password', { token, body })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe(message)
    }
  })

  it('changes the password and ends every other session of the user', async () => {
    await register('turing@example.org')
    const other = await login('turing@example.org')
    const token = await login('turing@example.org')
    const res = await api('PUT', '/api/account/password', {
      token,
      body: { oldPassword: GOOD_PASSWORD, newPassword: 'Enigma-Broken1943!', confirmNewPassword: 'Enigma-Broken1943!' },
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Password updated successfully!' })
    expect((await api('GET', '/api/account/details', { token })).status).toBe(200)
    expect((await api('GET', '/api/account/details', { token: other })).status).toBe(401)
    expect((await api('POST', '/api/login', { body: { email: 'turing@example.org', password: GOOD_PASSWORD } })).status).toBe(401)
    await login('turing@example.org', 'Enigma-Broken1943!')
  })
})

describe('password reset by e-mail', () => {
  const neutral = 'If an account with that email exists, a password reset link has been sent.'

  beforeAll(async () => {
    await register('hopper@example.org')
  })

  it('answers an unknown address with the same message and sends nothing', async () => {
    smtp.received.length = 0
    const res = await api('POST', '/api/request-password-reset', { body: { email: 'unknown@example.org' } })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: neutral })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(smtp.received).toEqual([])
  })

  it('mails a single-use link that resets the password and ends every session', async () => {
    const session = await login('hopper@example.org')
    const res = await api('POST', '/api/request-password-reset', { body: { email: 'HOPPER@example.org' } })
    expect(res.json).toEqual({ message: neutral })
    const mail = await smtp.waitForMail('hopper@example.org')
    expect(mail.subject).toBe('Reset your Marginalia password')
    const link = /https?:\/\/\S+\/reset-password\/(\S+)/.exec(mail.text)
    expect(link).not.toBeNull()
    const token = link?.[1] ?? ''
    const stored = await db.selectFrom('password_reset_tokens').select(['token_hash', 'expires_at']).executeTakeFirstOrThrow()
    expect(stored.token_hash).toBe(hashSecret(token))
    expect(stored.expires_at.getTime() - Date.now()).toBeGreaterThan(59 * 60_000)
    expect(stored.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000)

    // The link in the mail opens the reset page.
    const page = await fetch(`${baseUrl}${new URL(link?.[0] ?? '').pathname}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Choose a new password')

    const reset = await api('POST', '/api/reset-password', { body: { token, newPassword: 'Nanosecond-30cm!', confirmPassword: 'Nanosecond-30cm!' } })
    expect(reset.status).toBe(200)
    expect(reset.json).toEqual({ message: 'Your password has been reset successfully! Redirecting to login...' })
    expect((await api('GET', '/api/account/details', { token: session })).status).toBe(401)
    await login('hopper@example.org', 'Nanosecond-30cm!')

    const again = await api('POST', '/api/reset-password', { body: { token, newPassword: 'Another-Pass1!', confirmPassword: 'Another-Pass1!' } })
    expect(again.status).toBe(400)
    expect(again.json.message).toBe('This reset link has already been used. Please request a new one.')
  })

  it('mails in the language of the request (the reset job composes it)', async () => {
    await register('lovelace-de@example.org')
    const german = `preferred_language=${encodeURIComponent(Buffer.from(JSON.stringify('de')).toString('base64'))}`
    const res = await fetch(`${baseUrl}/api/request-password-reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: german },
      body: JSON.stringify({ email: 'lovelace-de@example.org' }),
    })
    expect(res.status).toBe(200)
    const mail = await smtp.waitForMail('lovelace-de@example.org')
    // (The capture joins a folded encoded subject with a space.)
    expect(mail.subject.replace(/\s+/g, ' ')).toMatch(/^Ihr Marginalia-Passwort zur.*setze ?n$/)
    expect(mail.text).toMatch(/^Hallo Ada,/)
  })

  it('refuses an expired token, a missing one, an unknown one and unmatched passwords', async () => {
    smtp.received.length = 0
    await api('POST', '/api/request-password-reset', { body: { email: 'hopper@example.org' } })
    const mail = await smtp.waitForMail('hopper@example.org')
    const token = /\/reset-password\/(\S+)/.exec(mail.text)?.[1] ?? ''
    const passwords = { newPassword: 'Another-Pass1!', confirmPassword: 'Another-Pass1!' }

    const mismatch = await api('POST', '/api/reset-password', { body: { token, newPassword: 'Another-Pass1!', confirmPassword: 'Another-Pass2!' } })
    expect(mismatch.json.message).toBe('New passwords do not match.')
    const missing = await api('POST', '/api/reset-password', { body: passwords })
    expect(missing.status).toBe(400)
    expect(missing.json.message).toBe('Invalid or missing reset token.')
    const unknown = await api('POST', '/api/reset-password', { body: { token: 'made-up', ...passwords } })
    expect(unknown.json.message).toBe('Invalid or missing reset token.')

    await db.updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hashSecret(token)).execute()
    const expired = await api('POST', '/api/reset-password', { body: { token, ...passwords } })
    expect(expired.status).toBe(400)
    expect(expired.json.message).toBe('This reset link has expired. Please request a new one.')
  })

  it('answers JSON even to a body that is not JSON', async () => {
    const res = await api('POST', '/api/reset-password', { raw: 'token=abc' })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('The request body must be valid JSON.')
  })

  it('requires an e-mail to send a link to', async () => {
    const res = await api('POST', '/api/request-password-reset', { body: { email: '' } })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('Email is required.')
  })
})

describe('methods', () => {
  it('answers a method a path does not take with 405 and a JSON message', async () => {
    const res = await api('GET', '/api/login')
    expect(res.status).toBe(405)
    expect(res.json.message).toBe('Method not allowed.')
    expect(res.headers.get('allow')).toBe('POST')
  })
})
