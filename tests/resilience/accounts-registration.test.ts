import { afterAll, describe, expect, it } from 'vitest'
import { createTransport } from '#app/server/mail.server.ts'
import { sendEmailHandler } from '#jobs/send-email.ts'
import { apiClient, createInvitation, GOOD_PASSWORD } from '#tests/helpers/accounts.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { startSmtpCapture } from '#tests/helpers/smtp.ts'
import { createUser } from '#tests/helpers/users.ts'

// Item 12 of issue 10: an invitation holder cannot test whether an e-mail is registered. Signing up
// with a registered e-mail answers exactly like with a new one (the invitation is spent either way);
// the owner of the account gets a mail saying they already have one.
const smtp = await startSmtpCapture()
afterAll(() => smtp.close())
const { baseUrl, db, boss, config } = await startTestServer({ SMTP_URL: smtp.url })
await boss.work('send-email', sendEmailHandler({ db, transport: createTransport(smtp.url), from: config.mailFrom }))
const api = apiClient(baseUrl)

function registration(email: string, code: string) {
  return { email, password: 'Intruder-Passw0rd!', invitation_code: code, first_name: 'Eve', last_name: 'Dropper' }
}

async function pagePost(code: string, email: string) {
  const res = await fetch(`${baseUrl}/register?code=${code}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
    body: new URLSearchParams(registration(email, code)),
  })
  const html = (await res.text()).replaceAll(code, '<code>').replaceAll(email, '<email>').replace(/nonce="[^"]*"/g, 'nonce=""')
  return { status: res.status, html }
}

describe('registration does not reveal registered e-mails', () => {
  it('by API: the same status and body for a registered and a new e-mail, and again for each spent code', async () => {
    const owner = await createUser(db, { email: `owner-${Date.now()}@example.org`, password: GOOD_PASSWORD })
    const newcomer = `newcomer-${Date.now()}@example.org`
    const [codeA, codeB] = [await createInvitation(db), await createInvitation(db)]
    const registered = await api('POST', '/api/register', { body: registration(owner.email.toUpperCase(), codeA) })
    const fresh = await api('POST', '/api/register', { body: registration(newcomer, codeB) })
    expect({ status: registered.status, json: registered.json }).toEqual({ status: fresh.status, json: fresh.json })
    expect(fresh).toMatchObject({ status: 201, json: { message: 'Registration successful! Redirecting to login...' } })
    // Both invitations are spent, so trying a code again says the same too.
    const againA = await api('POST', '/api/register', { body: registration(owner.email, codeA) })
    const againB = await api('POST', '/api/register', { body: registration(newcomer, codeB) })
    expect({ status: againA.status, json: againA.json }).toEqual({ status: againB.status, json: againB.json })
    expect(againA.json.message).toBe('This invitation code has already been used.')

    // An invitation bound to a registered e-mail answers the same as well.
    const bound = await createInvitation(db, { email: owner.email })
    const boundAnswer = await api('POST', '/api/register', { body: registration(owner.email, bound) })
    expect({ status: boundAnswer.status, json: boundAnswer.json }).toEqual({ status: fresh.status, json: fresh.json })

    // The account is unchanged (the owner's password still works, the intruder's does not), and its
    // owner is told by mail.
    expect((await api('POST', '/api/login', { body: { email: owner.email, password: GOOD_PASSWORD } })).status).toBe(200)
    expect((await api('POST', '/api/login', { body: { email: owner.email, password: 'Intruder-Passw0rd!' } })).status).toBe(401)
    const mail = await smtp.waitForMail(owner.email)
    expect(mail.subject).toBe('You already have a Marginalia account')
    expect(mail.text).toContain(`${config.appUrl}/login`)
    expect(mail.text).toContain(`${config.appUrl}/request-password-reset`)
    expect(mail.text).not.toContain('Intruder-Passw0rd!')
    // The newcomer's account exists and no mail went to them.
    expect((await api('POST', '/api/login', { body: { email: newcomer, password: 'Intruder-Passw0rd!' } })).status).toBe(200)
    expect(await db.selectFrom('email_outbox').select('id').where('to_address', '=', newcomer).execute()).toEqual([])
  })

  it('by page: the same status and page for a registered and a new e-mail', async () => {
    const owner = await createUser(db, { email: `page-owner-${Date.now()}@example.org` })
    const [codeA, codeB] = [await createInvitation(db), await createInvitation(db)]
    const registered = await pagePost(codeA, owner.email)
    const fresh = await pagePost(codeB, `page-newcomer-${Date.now()}@example.org`)
    expect(registered).toEqual(fresh)
    expect(fresh.status).toBe(200)
    expect(fresh.html).toContain('Registration successful! Redirecting to login...')
    expect(await pagePost(codeA, owner.email)).toEqual(await pagePost(codeB, `page-newcomer-${Date.now()}@example.org`))
    expect((await smtp.waitForMail(owner.email)).subject).toBe('You already have a Marginalia account')
  })
})
