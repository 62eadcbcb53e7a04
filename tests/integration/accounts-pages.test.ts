import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from '#app/server/logger.server.ts'
import { passwordResetHandler } from '#jobs/password-reset.ts'
import { createInvitation, GOOD_PASSWORD } from '#tests/helpers/accounts.ts'
import { startTestServer } from '#tests/helpers/server.ts'

// The account pages as a browser without JavaScript uses them: plain form posts, cookies, redirects.
const { baseUrl, db, boss, config } = await startTestServer()
// A reset request is a job: this worker does it (without SMTP the mail stays in the outbox).
await boss.work('password-reset', passwordResetHandler({ db, boss, config, logger: createLogger('silent') }))
beforeEach(async () => {
  await db.deleteFrom('rate_limits').execute()
})

function cookieFrom(res: Response): string {
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}

function get(path: string, cookie = '') {
  return fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
}

function post(path: string, fields: Record<string, string> | [string, string][], cookie = '') {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  })
}

async function countSessions(): Promise<number> {
  return (await db.selectFrom('sessions').select('id_hash').execute()).length
}

async function registerAndLogin(email: string): Promise<string> {
  const code = await createInvitation(db)
  const registered = await post('/register?code=' + code, { invitation_code: code, email, first_name: 'Rosalind', last_name: 'Franklin', password: GOOD_PASSWORD })
  expect(registered.status).toBe(200)
  const res = await post('/login', { email, password: GOOD_PASSWORD })
  expect(res.status).toBe(302)
  return cookieFrom(res)
}

describe('login and sessions', () => {
  it('sends a signed-out visitor of a protected page to /login, remembering the page', async () => {
    for (const path of ['/dashboard', '/account-settings']) {
      const res = await get(path)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
    }
  })

  it('signs in with the form and goes to the remembered page, with an HttpOnly SameSite=Lax cookie', async () => {
    await registerAndLogin('rosalind@example.org')
    const res = await post('/login?redirectTo=%2Faccount-settings', { email: 'rosalind@example.org', password: GOOD_PASSWORD, redirectTo: '/account-settings' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/account-settings')
    const setCookie = res.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^__session=/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const dashboard = await get('/dashboard', cookieFrom(res))
    expect(dashboard.status).toBe(200)
    expect(await dashboard.text()).toContain('Welcome back, Rosalind!')
  })

  it('goes to /dashboard without a remembered page, and never to another site', async () => {
    for (const redirectTo of ['', '//evil.example', 'https://evil.example/']) {
      const res = await post('/login', { email: 'rosalind@example.org', password: GOOD_PASSWORD, redirectTo })
      expect(res.headers.get('location')).toBe('/dashboard')
    }
  })

  it('gives a new session id at every login', async () => {
    const first = await post('/login', { email: 'rosalind@example.org', password: GOOD_PASSWORD })
    const second = await post('/login', { email: 'rosalind@example.org', password: GOOD_PASSWORD })
    expect(cookieFrom(first)).not.toBe(cookieFrom(second))
  })

  it('sends a signed-in user who opens /login where a sign-in would', async () => {
    const cookie = cookieFrom(await post('/login', { email: 'rosalind@example.org', password: GOOD_PASSWORD }))
    expect((await get('/login', cookie)).headers.get('location')).toBe('/dashboard')
    expect((await get('/login?redirectTo=%2Faccount-settings', cookie)).headers.get('location')).toBe('/account-settings')
  })

  it('shows the error and keeps the e-mail, never the password, after a failed login', async () => {
    const res = await post('/login', { email: 'rosalind@example.org', password: 'Wrong-Passw0rd!' })
    expect(res.status).toBe(401)
    const html = await res.text()
    expect(html).toContain('Invalid email or password.')
    expect(html).toContain('value="rosalind@example.org"')
    expect(html).not.toContain('Wrong-Passw0rd!')
    expect(html).toMatch(/class="message message-error"/)
  })

  it('shows the required messages beside the fields', async () => {
    const html = await (await post('/login', { email: '', password: '' })).text()
    expect(html).toContain('Email is required.')
    expect(html).toContain('Password is required.')
    expect(html).toMatch(/aria-describedby="[^"]*login-email-error/)
  })

  it('logs out with a POST that deletes the session and clears the cookie', async () => {
    const cookie = cookieFrom(await post('/login', { email: 'rosalind@example.org', password: GOOD_PASSWORD }))
    const before = await countSessions()
    const res = await post('/logout', {}, cookie)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login')
    expect(res.headers.get('set-cookie')).toMatch(/__session=;.*Max-Age=0/i)
    expect(await countSessions()).toBe(before - 1)
    expect((await get('/dashboard', cookie)).status).toBe(302)
  })

  it('logs out a user whose session expired or was revoked, clearing the cookie', async () => {
    const cookie = cookieFrom(await post('/login', { email: 'rosalind@example.org', password: GOOD_PASSWORD }))
    await db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).execute()
    const res = await get('/dashboard', cookie)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fdashboard')
    expect(res.headers.get('set-cookie')).toMatch(/__session=;.*Max-Age=0/i)
  })

  it('refuses a cross-site form post', async () => {
    const res = await fetch(`${baseUrl}/login`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'rosalind@example.org', password: GOOD_PASSWORD }),
      redirect: 'manual',
    })
    expect(res.status).toBe(403)
  })
})

describe('registration page', () => {
  it('shows the waitlist and the updates subscription form without a code', async () => {
    const html = await (await get('/register')).text()
    expect(html).toContain('Join the waitlist')
    expect(html).toContain('action="/subscribe"')
    expect(html).toContain('I agree to receive marketing communications')
    expect(html).not.toContain('name="invitation_code"')
  })

  it('prefills code and e-mail read-only from the URL, with the registration lists', async () => {
    const code = await createInvitation(db)
    const html = await (await get(`/register?code=${code}&email=new%40example.org`)).text()
    expect(html).toMatch(new RegExp(`name="invitation_code"[^>]*value="${code}"|value="${code}"[^>]*name="invitation_code"`))
    expect(html).toMatch(/<input[^>]*name="email"[^>]*readOnly|<input[^>]*readOnly[^>]*name="email"/i)
    expect(html).toContain('value="new@example.org"')
    expect(html).toContain('>Social Sciences</option>')
    expect(html).not.toContain('>Assoc. Prof.</option>')
    // The password rules are listed in the page itself, so they show without JavaScript.
    expect(html).toContain('at least 8 characters')
  })

  it('leaves the e-mail to the visitor when the invitation names none (the first admin\'s link)', async () => {
    const code = await createInvitation(db, { grantsAdmin: true })
    const html = await (await get(`/register?code=${code}`)).text()
    const emailInput = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? ''
    expect(emailInput).not.toBe('')
    expect(emailInput).not.toMatch(/readOnly/i)
  })

  it('shows the spec\'s success message and goes to /login after 2 seconds, also without JavaScript', async () => {
    const code = await createInvitation(db)
    const res = await post(`/register?code=${code}`, { invitation_code: code, email: 'maria@example.org', first_name: 'Maria', last_name: 'Mitchell', password: GOOD_PASSWORD })
    const html = await res.text()
    expect(html).toContain('Registration successful! Redirecting to login...')
    expect(html).toMatch(/class="message message-success"/)
    expect(html).toMatch(/<meta http-equiv="refresh" content="2;url=\/login"/)
  })

  it('keeps the entered values (not the password) and shows every error', async () => {
    const code = await createInvitation(db)
    const res = await post(`/register?code=${code}`, { invitation_code: code, email: 'maria@', first_name: 'Maria', last_name: 'M', organization: 'Vassar', password: 'Secret-Passw0rd!' })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('Please enter a valid email address.')
    expect(html).toContain('value="maria@"')
    expect(html).toContain('value="Vassar"')
    expect(html).not.toContain('Secret-Passw0rd!')
  })
})

describe('updates subscription form', () => {
  it('subscribes without JavaScript and shows the thanks as a success', async () => {
    const res = await post('/subscribe', { firstName: 'Ada', email: 'ada.sub@example.org', marketingConsent: 'on' })
    const html = await res.text()
    expect(html).toContain('Thank you for subscribing! We&#x27;ll keep you updated on our latest developments.')
    expect(html).toMatch(/class="message message-success"/)
  })

  it('shows the spec\'s messages for a missing e-mail and consent', async () => {
    const html = await (await post('/subscribe', { firstName: 'Ada', email: '' })).text()
    expect(html).toContain('Email is required.')
    expect(html).toContain('Please agree to receive marketing communications.')
  })
})

describe('password reset pages', () => {
  it('says so when the URL has no token', async () => {
    const html = await (await get('/reset-password')).text()
    expect(html).toContain('No reset token found in the URL. Please use the link from your email.')
  })

  it('says at once when a link cannot be used', async () => {
    const html = await (await get('/reset-password/not-a-real-token')).text()
    expect(html).toContain('Password reset failed: Invalid or missing reset token.')
  })

  it('answers a request with the neutral message and resets through the link in the outbox', async () => {
    await db.deleteFrom('email_outbox').execute()
    const res = await post('/request-password-reset', { email: 'rosalind@example.org' })
    const html = await res.text()
    expect(html).toContain('If an account with that email exists, a password reset link has been sent.')
    expect(html).toMatch(/class="message message-success"/)
    // Without SMTP_URL the mail stays in the outbox, link included (the log names only its kind).
    const deadline = Date.now() + 15_000
    let mail = await db.selectFrom('email_outbox').select(['to_address', 'body_text', 'sent_at']).executeTakeFirst()
    while (!mail && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      mail = await db.selectFrom('email_outbox').select(['to_address', 'body_text', 'sent_at']).executeTakeFirst()
    }
    if (!mail) throw new Error('no mail in the outbox')
    expect(mail.to_address).toBe('rosalind@example.org')
    const path = /\/reset-password\/\S+/.exec(mail.body_text)?.[0] ?? ''
    const mismatch = await post(path, { token: 'ignored', newPassword: 'Photo-51-Xray!', confirmPassword: 'Photo-51-Xray?' })
    expect(await mismatch.text()).toContain('New passwords do not match.')
    const done = await post(path, { newPassword: 'Photo-51-Xray!', confirmPassword: 'Photo-51-Xray!' })
    const doneHtml = await done.text()
    expect(doneHtml).toContain('Your password has been reset successfully! Redirecting to login...')
    expect(doneHtml).toMatch(/<meta http-equiv="refresh" content="3;url=\/login"/)
    expect((await post('/login', { email: 'rosalind@example.org', password: 'Photo-51-Xray!' })).status).toBe(302)
  })
})

describe('account settings page', () => {
  it('shows the profile with the account lists and the e-mail read-only', async () => {
    const cookie = await registerAndLogin('curie@example.org')
    const html = await (await get('/account-settings', cookie)).text()
    expect(html).toContain('Upload Settings')
    expect(html).toContain('>Assoc. Prof.</option>')
    expect(html).toContain('>Political Science</option>')
    expect(html).toMatch(/value="curie@example.org"[^>]*readOnly|readOnly[^>]*value="curie@example.org"/i)
  })

  it('updates the profile, shows errors beside fields, and saves preferences in hue order', async () => {
    const cookie = cookieFrom(await post('/login', { email: 'curie@example.org', password: GOOD_PASSWORD }))
    const missing = await post('/account-settings', { _form: 'profile', firstName: 'Marie', lastName: 'Curie', organization: '' }, cookie)
    expect(missing.status).toBe(400)
    expect(await missing.text()).toContain('Organization is required.')
    const saved = await post('/account-settings', { _form: 'profile', title: 'Prof.', firstName: 'Marie', lastName: 'Curie', organization: 'Sorbonne', researchField: 'Physics' }, cookie)
    expect(await saved.text()).toContain('Profile updated successfully!')

    const category = await db.selectFrom('color_categories').select('id').where('name', '=', 'Method').executeTakeFirstOrThrow()
    const prefs = await post(
      '/account-settings',
      [
        ['_form', 'preferences'],
        ['defaultReferenceLanguageId', ''],
        ['preferredColorsCategorization[0].hex', '#0000ff'],
        ['preferredColorsCategorization[0].category_id', String(category.id)],
        ['preferredColorsCategorization[1].hex', '#ff0000'],
        ['preferredColorsCategorization[1].category_id', String(category.id)],
      ],
      cookie,
    )
    const prefsHtml = await prefs.text()
    expect(prefsHtml).toContain('Preferences updated successfully!')
    expect(prefsHtml.indexOf('value="#ff0000"')).toBeLessThan(prefsHtml.indexOf('value="#0000ff"'))
  })

  it('says why preferences were not saved', async () => {
    const cookie = cookieFrom(await post('/login', { email: 'curie@example.org', password: GOOD_PASSWORD }))
    const res = await post(
      '/account-settings',
      [
        ['_form', 'preferences'],
        ['preferredColorsCategorization[0].hex', '#ff0000'],
        ['preferredColorsCategorization[0].category_id', '99999'],
      ],
      cookie,
    )
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Update failed: Unknown colour category.')
  })

  it('adds and removes a colour row without JavaScript before saving', async () => {
    const cookie = cookieFrom(await post('/login', { email: 'curie@example.org', password: GOOD_PASSWORD }))
    const added = await post(
      '/account-settings',
      [
        ['_form', 'preferences'],
        ['preferredColorsCategorization[0].hex', '#ff0000'],
        ['preferredColorsCategorization[0].category_id', '1'],
        ['__intent__', JSON.stringify({ type: 'insert', payload: { name: 'preferredColorsCategorization', defaultValue: { hex: '#ffeb3b' } } })],
      ],
      cookie,
    )
    const html = await added.text()
    expect(html).toContain('value="#ffeb3b"')
    expect(html).toContain('Remove colour 2')
    expect(html).not.toContain('Preferences updated successfully!')
  })

  it('changes the password, keeping this session and ending the others', async () => {
    const other = cookieFrom(await post('/login', { email: 'curie@example.org', password: GOOD_PASSWORD }))
    const cookie = cookieFrom(await post('/login', { email: 'curie@example.org', password: GOOD_PASSWORD }))
    const wrong = await post('/account-settings', { _form: 'password', oldPassword: 'Nope-Passw0rd!', newPassword: 'Radium-1898!x', confirmNewPassword: 'Radium-1898!x' }, cookie)
    expect(await wrong.text()).toContain('Password change failed: Your current password is incorrect.')
    const res = await post('/account-settings', { _form: 'password', oldPassword: GOOD_PASSWORD, newPassword: 'Radium-1898!x', confirmNewPassword: 'Radium-1898!x' }, cookie)
    const html = await res.text()
    expect(html).toContain('Password updated successfully!')
    expect(html).not.toContain('Radium-1898!x')
    expect((await get('/account-settings', cookie)).status).toBe(200)
    expect((await get('/account-settings', other)).status).toBe(302)
  })
})

describe('redirect after login', () => {
  it('never sends a signed-in user back to /login', async () => {
    const cookie = cookieFrom(await post('/login', { email: 'rosalind@example.org', password: 'Photo-51-Xray!' }))
    expect((await get('/login?redirectTo=%2Flogin', cookie)).headers.get('location')).toBe('/dashboard')
    expect((await post('/login', { email: 'rosalind@example.org', password: 'Photo-51-Xray!', redirectTo: '/login?x=1' })).headers.get('location')).toBe('/dashboard')
  })
})

describe('account settings that cannot be loaded', () => {
  it('says so in the spec\'s words', async () => {
    const cookie = cookieFrom(await post('/login', { email: 'curie@example.org', password: 'Radium-1898!x' }))
    // Make the preferences query fail for a moment, as a broken database would.
    await sql`ALTER TABLE reference_styles RENAME TO reference_styles_away`.execute(db)
    try {
      const res = await get('/account-settings', cookie)
      expect(res.status).toBe(500)
      const html = await res.text()
      expect(html).toContain('Failed to load details: Server error')
      expect(html).toMatch(/class="message message-error"/)
    } finally {
      await sql`ALTER TABLE reference_styles_away RENAME TO reference_styles`.execute(db)
    }
  })
})
