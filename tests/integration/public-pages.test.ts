import { describe, expect, it } from 'vitest'
import { browserSessionCookie } from '#tests/helpers/users.ts'
import { startTestServer } from '#tests/helpers/server.ts'

// What configuration adds to the public pages (the end-to-end server configures none of it): the
// feedback form, the demo video, social links and the contact addresses.
const FEEDBACK_FORM_URL = 'https://forms.example.org/f/marginalia-feedback'
const DEMO_VIDEO_URL = 'https://video.example.net/embed/marginalia-demo'
const social = {
  SOCIAL_MASTODON_URL: 'https://scholar.social/@marginalia',
  SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/marginalia',
  SOCIAL_GITHUB_URL: 'https://github.com/marginalia',
}
const { baseUrl, db } = await startTestServer({
  FEEDBACK_FORM_URL,
  DEMO_VIDEO_URL,
  ...social,
  SUPPORT_EMAIL: 'help@uni.example',
  ENTERPRISE_EMAIL: 'sales@uni.example',
})

async function signedInCookie(): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({ email: 'frames@example.org', password_hash: 'unused', first_name: 'Ada', last_name: 'Lovelace' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return browserSessionCookie(db, user.id)
}

describe('feedback page', () => {
  it('sends a signed-out visitor to login, remembering the page', async () => {
    const res = await fetch(`${baseUrl}/feedback`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Ffeedback')
  })

  it('shows the configured form in a 533 px frame that the CSP allows', async () => {
    const res = await fetch(`${baseUrl}/feedback`, { headers: { Cookie: await signedInCookie() } })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toMatch(new RegExp(`<iframe[^>]*src="${FEEDBACK_FORM_URL}"[^>]*>`))
    expect(html).toMatch(/<iframe[^>]*height="533"/)
    expect(html).toMatch(/<iframe[^>]*title="Feedback form"/)
    expect(res.headers.get('content-security-policy')).toContain('frame-src https://forms.example.org')
  })
})

describe('home page demo', () => {
  it('embeds the configured video instead of the still', async () => {
    const res = await fetch(`${baseUrl}/`)
    const html = await res.text()
    expect(html).toMatch(new RegExp(`<iframe[^>]*src="${DEMO_VIDEO_URL}"[^>]*title="Marginalia demo video"`))
    expect(html).not.toContain('/images/demo-still.svg')
    expect(res.headers.get('content-security-policy')).toContain('https://video.example.net')
  })
})

describe('contact addresses and social links from configuration', () => {
  it('puts the social links and the support address in the footer of every public page', async () => {
    for (const page of ['/', '/support', '/privacy-policy', '/terms-of-service', '/api']) {
      const html = await (await fetch(`${baseUrl}${page}`)).text()
      const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'))
      for (const url of Object.values(social)) expect(footer, page).toContain(`href="${url}"`)
      expect(footer, page).toContain('href="mailto:help@uni.example"')
    }
  })

  it('uses the configured addresses on the support, legal and API pages', async () => {
    expect(await (await fetch(`${baseUrl}/support`)).text()).toContain('href="mailto:help@uni.example"')
    const privacy = await (await fetch(`${baseUrl}/privacy-policy`)).text()
    expect(privacy).toContain('help@uni.example')
    expect(privacy).toContain('sales@uni.example')
    expect(await (await fetch(`${baseUrl}/terms-of-service`)).text()).toContain('sales@uni.example')
    expect(await (await fetch(`${baseUrl}/api`)).text()).toContain('href="mailto:sales@uni.example"')
  })
})
