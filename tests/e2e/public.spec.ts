import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, withJavaScript } from './helpers.ts'

/**
 * The public pages, with JavaScript on (project `js`) and off (`no-js`). Each page is also
 * photographed at desktop width and at 375 px into test-results/screenshots/<project>/, and checked
 * with axe at both widths.
 */

// Every public page loads without a script error or a failed hydration in the browser console.
const consoleErrors: string[] = []
test.beforeEach(({ page }) => {
  consoleErrors.length = 0
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  page.on('console', (message) => {
    // A 404 page's own status, and a form answered 400 with its validation messages (a plain
    // post without JavaScript), are reported as failed resources; both are expected.
    const expected = /status of (404|400)\b/.test(message.text())
    if (message.type() === 'error' && !expected) consoleErrors.push(message.text())
  })
})
test.afterEach(() => {
  expect(consoleErrors).toEqual([])
})

async function expectPageBasics(page: Page, title: RegExp) {
  await expect(page).toHaveTitle(title)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.getByRole('main')).toHaveCount(1)
  for (const image of await page.locator('img').all()) await expect(image).toHaveAttribute('alt', /\w/)
  // i18next shows a missing text as its key; none may be left, in closed <details> neither.
  expect(await page.getByRole('main').textContent()).not.toMatch(/\b(?:home|support|privacy|terms|legal|apiDocs|feedback)\.[a-z]\w*\./)
}

test.describe('home page', () => {
  test('has every section, a still instead of an empty video frame, and passes axe', async ({ page }) => {
    await page.goto('/')
    await expectPageBasics(page, /^Marginalia: your PDF highlights, turned into notes$/)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Your highlights, turned into notes')
    await expect(main.getByRole('link', { name: 'Start free' }).first()).toHaveAttribute('href', '/register')
    await expect(main.getByRole('link', { name: 'Watch demo' })).toHaveAttribute('href', '#demo')
    await expect(main.getByRole('heading', { name: 'Stay updated' })).toBeVisible()

    const steps = page.locator('#how-it-works ol > li')
    await expect(steps).toHaveCount(4)
    await expect(steps.nth(3).locator('ul > li')).toHaveText([/plain text/, /Word document/, /reference/])

    // No DEMO_VIDEO_URL in the test server: a captioned still, never a frame.
    await expect(page.locator('#demo iframe')).toHaveCount(0)
    await expect(page.locator('#demo figure img')).toHaveAttribute('alt', /highlights/)
    await expect(page.locator('#demo figcaption')).toContainText('page number')

    await expect(page.locator('#faq details')).toHaveCount(4)
    await expect(main.getByRole('heading', { name: 'Spend your time on the reading, not the copying' })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Questions first? Visit support' })).toHaveAttribute('href', '/support')
    await expectAccessible(page, 'home')
  })

  test('a campaign link opens the home page, which works as it does without the link', async ({ page }, testInfo) => {
    // Served from the page cache, rendered for `/` (server/page-cache.ts): it must hydrate and work all the same.
    const response = await page.goto('/?utm_source=newsletter&utm_campaign=launch&fbclid=e2e')
    expect(response?.headers()['cache-control']).toBe('public, max-age=10, must-revalidate')
    await expectPageBasics(page, /^Marginalia: your PDF highlights, turned into notes$/)
    const form = page.locator('#updates form')
    await form.getByLabel('First name').fill('Grace')
    await form.getByLabel('Email').fill(`grace+campaign-${testInfo.project.name}@example.org`)
    await form.getByLabel(/I agree to receive marketing communications/).check()
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' })).toBeVisible()
    await expect(page).toHaveURL(withJavaScript(testInfo) ? /\/\?utm_source=newsletter/ : /\/subscribe$/)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Support', exact: true }).click()
    await expect(page).toHaveURL(/\/support$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('the FAQ items expand and collapse', async ({ page }) => {
    await page.goto('/')
    const item = page.locator('#faq details').first()
    const answer = item.getByText('standard PDF annotations')
    await expect(answer).toBeHidden()
    await item.getByText('Which PDFs does Marginalia read?').click()
    await expect(answer).toBeVisible()
    await item.getByText('Which PDFs does Marginalia read?').click()
    await expect(answer).toBeHidden()
  })

  test('the header entries and the watch-demo button scroll to their sections', async ({ page }) => {
    await page.goto('/support')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Demo', exact: true }).click()
    await expect(page).toHaveURL(/\/#demo$/)
    await expect(page.getByRole('heading', { name: 'See it in action' })).toBeInViewport()
    await nav.getByRole('link', { name: 'How it works', exact: true }).click()
    await expect(page).toHaveURL(/\/#how-it-works$/)
    await expect(page.getByRole('heading', { name: 'How it works', exact: true })).toBeInViewport()
    await nav.getByRole('link', { name: 'Home', exact: true }).click()
    await expect(page).toHaveURL(/\/#home$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
    await page.getByRole('main').getByRole('link', { name: 'Watch demo' }).click()
    await expect(page).toHaveURL(/#demo$/)
    await expect(page.getByRole('heading', { name: 'See it in action' })).toBeInViewport()
  })
})

const subscribeForm = (page: Page) => page.locator('#updates form')

test.describe('the updates subscription on the home page', () => {
  const form = subscribeForm

  test('thanks a subscriber', async ({ page }, testInfo) => {
    await page.goto('/')
    await form(page).getByLabel('First name').fill('Ada')
    await form(page).getByLabel('Email').fill(`ada+${testInfo.project.name}@example.org`)
    await form(page).getByLabel(/I agree to receive marketing communications/).check()
    await form(page).getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' })).toHaveText(
      "Thank you for subscribing! We'll keep you updated on our latest developments.",
    )
    // With JavaScript the visitor stays on the home page; without, the browser shows /subscribe.
    await expect(page).toHaveURL(withJavaScript(testInfo) ? /\/$/ : /\/subscribe$/)
  })

  test('explains each missing field', async ({ page }, testInfo) => {
    await page.goto('/')
    // The browser's own checks would stop an empty form before the server sees it; switching them
    // off shows the messages the server (and, with JavaScript, the client) gives.
    await form(page).evaluate((element) => element.setAttribute('novalidate', ''))
    await form(page).getByRole('button', { name: 'Subscribe' }).click()
    const scope = withJavaScript(testInfo) ? form(page) : page.getByRole('main')
    await expect(scope.getByText('First name is required.')).toBeVisible()
    await expect(scope.getByText('Email is required.')).toBeVisible()
    await expect(scope.getByText('Please agree to receive marketing communications.')).toBeVisible()
  })

  test('asks for consent when only the consent is missing', async ({ page }, testInfo) => {
    await page.goto('/')
    await form(page).evaluate((element) => element.setAttribute('novalidate', ''))
    await form(page).getByLabel('First name').fill('Grace')
    await form(page).getByLabel('Email').fill(`grace+${testInfo.project.name}@example.org`)
    await form(page).getByRole('button', { name: 'Subscribe' }).click()
    const scope = withJavaScript(testInfo) ? form(page) : page.getByRole('main')
    await expect(scope.getByText('Please agree to receive marketing communications.')).toBeVisible()
    await expect(scope.getByText('Email is required.')).toHaveCount(0)
    await expect(page.getByText('Thank you for subscribing!')).toHaveCount(0)
  })
})

test.describe('support page', () => {
  test('lists four categories of 3, 3, 4 and 2 questions, with a contact button', async ({ page }) => {
    await page.goto('/support')
    await expectPageBasics(page, /^Support and frequently asked questions · Marginalia$/)
    const categories = page.locator('section.faq-category')
    await expect(categories.locator('h2')).toHaveText(['Getting started', 'Account and billing', 'Features and usage', 'Troubleshooting'])
    const counts = await categories.evaluateAll((sections) => sections.map((s) => s.querySelectorAll('details').length))
    expect(counts).toEqual([3, 3, 4, 2])
    await expect(page.getByRole('link', { name: /^E-mail support@/ })).toHaveAttribute('href', /^mailto:support@/)
    await expectAccessible(page, 'support')
  })

  test('each question expands and collapses', async ({ page }) => {
    await page.goto('/support')
    const question = page.getByText('I forgot my password. What now?')
    const answer = page.getByText(/Choose “Forgot password\?” on the login page/)
    await expect(answer).toBeHidden()
    await question.click()
    await expect(answer).toBeVisible()
    await question.click()
    await expect(answer).toBeHidden()
  })

  test('the search box filters the questions', async ({ page }, testInfo) => {
    await page.goto('/support')
    const search = page.getByRole('searchbox', { name: 'Search the questions' })
    await search.fill('zotero')
    if (!withJavaScript(testInfo)) {
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await expect(page).toHaveURL(/\/support\?q=zotero$/)
    }
    await expect(page.locator('details.faq-item')).toHaveCount(3)
    await expect(page.locator('section.faq-category h2')).toHaveText(['Getting started', 'Features and usage', 'Troubleshooting'])
    await expect(page.getByText('3 questions match “zotero”.')).toBeVisible()
    // Matching answers are shown open.
    await expect(page.getByText(/File › Export PDF…/)).toBeVisible()
    await expectAccessible(page)

    await search.fill('quantum entanglement')
    if (!withJavaScript(testInfo)) await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.locator('details.faq-item')).toHaveCount(0)
    await expect(page.getByText('No question matches your search.')).toBeVisible()
    await expect(page.getByRole('link', { name: /^E-mail support@/ })).toBeVisible()

    await search.fill('')
    if (!withJavaScript(testInfo)) await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.locator('details.faq-item')).toHaveCount(12)
  })

  test('a search link renders the matching questions on the server', async ({ page }) => {
    await page.goto('/support?q=reference+style')
    await expect(page.getByRole('searchbox')).toHaveValue('reference style')
    await expect(page.locator('details.faq-item summary')).toContainText(['Which reference styles can I choose?'])
  })
})

test.describe('privacy policy and terms of service', () => {
  test('the privacy policy states the retention, cookies, e-mails and contact', async ({ page }) => {
    await page.goto('/privacy-policy')
    await expectPageBasics(page, /^Privacy policy · Marginalia$/)
    await expect(page.getByText('Last updated: 27 November 2026')).toBeVisible()
    const main = page.getByRole('main')
    await expect(main).toContainText('up to 90 days after upload')
    await expect(main).toContainText('24 months without a sign-in')
    await expect(main).toContainText('Annotations (the highlights, comments and references extracted from your documents): until you delete the document')
    await expect(main).toContainText('__session')
    await expect(main).toContainText('preferred_language')
    await expect(main.getByRole('link', { name: 'support@marginalia.app' })).toHaveAttribute('href', 'mailto:support@marginalia.app')
    await main.getByRole('navigation').getByRole('link', { name: 'Cookies' }).click()
    await expect(page).toHaveURL(/#cookies$/)
    await expect(page.getByRole('heading', { name: 'Cookies' })).toBeInViewport()
    await expectAccessible(page, 'privacy-policy')
  })

  test('the terms name German law and the Vienna courts', async ({ page }) => {
    await page.goto('/terms-of-service')
    await expectPageBasics(page, /^Terms of service · Marginalia$/)
    await expect(page.getByText('Last updated: 3 June 2025')).toBeVisible()
    const law = page.locator('#law')
    await expect(law).toContainText('governed by German law')
    await expect(law).toContainText('courts of Vienna, Austria')
    await expect(page.locator('#api')).toContainText('enterprise@marginalia.app')
    await expectAccessible(page, 'terms-of-service')
  })
})

test.describe('API pages', () => {
  test('the overview lists every call of the OpenAPI description and the conventions', async ({ page, request }) => {
    const description = await (await request.get('/api/openapi.json')).json()
    expect(description.openapi).toBe('3.1.0')
    await page.goto('/api')
    await expectPageBasics(page, /^Enterprise API · Marginalia$/)
    const calls = Object.entries(description.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(calls.length).toBeGreaterThan(15)
    const toc = page.getByRole('navigation', { name: 'Contents' })
    await expect(toc.locator('li li code')).toHaveText(calls)
    const conventions = page.locator('#conventions')
    await expect(conventions).toContainText('Authorization: Bearer <token>')
    await expect(conventions.locator('tbody tr')).toHaveCount(7)
    await expect(page.getByRole('link', { name: 'Write to enterprise@marginalia.app' })).toHaveAttribute('href', 'mailto:enterprise@marginalia.app')
    await expectAccessible(page, 'api')
  })

  test('each area page documents its calls with auth, fields, errors and curl', async ({ page, request }) => {
    // Three long pages, each checked with axe and photographed at two widths.
    test.setTimeout(180_000)
    const description = await (await request.get('/api/openapi.json')).json()
    for (const { name } of description.tags as { name: string }[]) {
      await page.goto(`/api?area=${name}`)
      await expectPageBasics(page, / · Enterprise API · Marginalia$/)
      const expected = Object.entries(description.paths as Record<string, Record<string, { tags: string[] }>>).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => operation.tags.includes(name))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      await expect(page.locator('article.api-call h2')).toHaveText(expected)
      await expectAccessible(page, `api-${name}`)
    }

    const login = page.locator('#call-login')
    await page.goto('/api')
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: /POST \/api\/login/ }).click()
    await expect(page).toHaveURL(/\/api\?area=accounts#call-login$/)
    await expect(login).toBeInViewport()
    await expect(login).toContainText('Authentication: none')
    await expect(login.locator('table').first()).toContainText('password')
    await expect(login).toContainText('401')
    await expect(login.locator('pre').last()).toContainText("curl -X POST 'http://127.0.0.1:")
    await expect(page.locator('#call-getAccountDetails pre').last()).toContainText('Authorization: Bearer $TOKEN')

    await page.goto('/api?area=documents')
    await expect(page.locator('#call-upload pre').last()).toContainText("-F 'pdf_file=@paper.pdf;type=application/pdf'")
    await expect(page.locator('#call-listDocuments table').first()).toContainText('sort_by')
    await expectAccessible(page, 'api-documents')

    const unknown = await page.goto('/api?area=nothing')
    expect(unknown?.status()).toBe(404)
  })
})

test.describe('feedback page', () => {
  test('sends a signed-out visitor to login and back, then explains that no form is configured', async ({ page }) => {
    await page.goto('/feedback')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffeedback$/)
    await page.getByLabel('Email').fill('admin@marginalia.test')
    await page.getByLabel('Password', { exact: true }).fill('E2e!AdminPassw0rd')
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/feedback$/)
    await expectPageBasics(page, /^Feedback · Marginalia$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feedback')
    // The test server has no FEEDBACK_FORM_URL; the frame itself is covered by the integration test.
    await expect(page.locator('iframe')).toHaveCount(0)
    await expect(page.getByText('The feedback form is not set up on this server.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'support@marginalia.app' })).toHaveAttribute('href', 'mailto:support@marginalia.app')
    await expectAccessible(page)
  })
})

test('an unknown public path answers 404: Page Not Found', async ({ page }) => {
  const response = await page.goto('/support/no-such-question')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404: Page Not Found')
  await expectAccessible(page)
})

test('the public pages speak German to a visitor who chose it', async ({ page, baseURL }) => {
  // The language picker's form, posted from this browser context, sets its cookie.
  await page.request.post('/language', { form: { code: 'de', redirectTo: '/' }, headers: { Origin: baseURL! } })
  const pages = [
    ['/', 'Ihre Markierungen, als Notizen'],
    ['/support', 'Hilfe'],
    ['/privacy-policy', 'Datenschutzerklärung'],
    ['/terms-of-service', 'Nutzungsbedingungen'],
    ['/api', 'Enterprise-API'],
    ['/api?area=documents', 'Dokumente'],
  ] as const
  await page.setViewportSize({ width: 375, height: 900 })
  for (const [path, heading] of pages) {
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    // German compounds are long; they must wrap rather than widen the page on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375)
  }
  await page.goto('/support?q=zotero')
  await expect(page.getByText('3 Fragen passen zu „zotero“.')).toBeVisible()
  await expectAccessible(page)
})
