import { expect, expectAccessible, test, withJavaScript } from './helpers.ts'

test.describe('app shell', () => {
  test('header, footer and home anchors for a signed-out visitor', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const name of ['Home', 'How it works', 'Demo', 'Support', 'Login', 'Sign up']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
    const footer = page.getByRole('contentinfo')
    for (const name of ['Privacy Policy', 'Terms of Service', 'Support', 'Enterprise API']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(footer.getByRole('link', { name: /^Contact:/ })).toHaveAttribute('href', /^mailto:/)
    await nav.getByRole('link', { name: 'How it works' }).click()
    await expect(page).toHaveURL(/#how-it-works$/)
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeInViewport()
    await expect(page.getByRole('note')).toBeHidden()
    await expectAccessible(page)
  })

  test('narrow screens get the mobile banner and a hamburger menu that opens', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/')
    await expect(page.getByRole('note')).toContainText('works best on a larger screen')
    const menu = page.getByRole('navigation', { name: 'Main' })
    await expect(menu.getByRole('link', { name: 'Support' })).toBeHidden()
    await page.locator('summary', { hasText: 'Menu' }).click()
    await expect(menu.getByRole('link', { name: 'Support' })).toBeVisible()
    await expectAccessible(page)
  })

  test('the banner stays hidden at 769 px and shows at exactly 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 769, height: 800 })
    await page.goto('/')
    await expect(page.getByRole('note')).toBeHidden()
    await page.setViewportSize({ width: 768, height: 800 })
    await expect(page.getByRole('note')).toBeVisible()
  })

  test('an unknown path shows 404: Page Not Found with a 404 status', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404: Page Not Found')
    await expectAccessible(page)
  })

  test('the language picker switches the interface and remembers the choice', async ({ page }, testInfo) => {
    await page.goto('/support-missing-page')
    await page.locator('summary', { hasText: 'Choose language' }).click()
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404: Seite nicht gefunden')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page).toHaveURL(/\/support-missing-page$/)
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Anmelden' })).toBeVisible()
    await expectAccessible(page)

    await page.locator('summary', { hasText: 'Sprache wählen' }).click()
    await page.getByRole('button', { name: 'English' }).click()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
    if (withJavaScript(testInfo)) {
      // With JavaScript the picker also closes on a click outside it.
      await page.locator('summary', { hasText: 'Choose language' }).click()
      await expect(page.getByRole('button', { name: 'Deutsch' })).toBeVisible()
      await page.getByRole('heading', { level: 1 }).click()
      await expect(page.getByRole('button', { name: 'Deutsch' })).toBeHidden()
    }
  })

  test('every page is titled “… · Marginalia”, passes axe and fits a phone', async ({ page }) => {
    test.setTimeout(300_000)
    const signedOut = ['/login', '/register', '/subscribe', '/request-password-reset', '/reset-password', '/no-such-page']
    for (const path of [...signedOut, '/support', '/privacy-policy', '/terms-of-service', '/api']) {
      await page.goto(path)
      await expect(page, path).toHaveTitle(/\S · Marginalia$/)
      // The public pages have their own checks (public.spec.ts).
      if (signedOut.includes(path)) await expectAccessible(page)
    }
    await page.goto('/login?redirectTo=%2Fdashboard')
    await page.getByLabel('Email').fill('admin@marginalia.test')
    await page.getByLabel('Password', { exact: true }).fill('E2e!AdminPassw0rd')
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    const signedIn = ['/dashboard', '/extractor', '/past-extractions', '/account-settings', '/account-settings/delete', '/feedback']
    const admin = ['/admin', '/admin/users', '/admin/invitations', '/admin/analytics', '/admin/audit-logs', '/admin/data-insights', '/admin/translations']
    for (const path of [...signedIn, ...admin]) {
      await page.goto(path)
      await expect(page, path).toHaveTitle(/\S · Marginalia$/)
      await expectAccessible(page)
    }
  })

  test('health answers with the database and queue state', async ({ request }) => {
    const res = await request.get('/healthz')
    expect(res.status()).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', database: { ok: true }, queue: { ok: true } })
  })
})
