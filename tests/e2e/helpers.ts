import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { test as base, expect, type Page, type TestInfo } from '@playwright/test'

export { expect }

/** The real annotated PDFs the suite uploads (../shared/corpus/SOURCES.md). */
export const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus/annotated')

/** Signs the seeded account in through the login page and waits for the page it was sent on to. */
export async function signIn(page: Page, redirectTo: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`)
  await page.getByLabel('Email').fill(process.env.ADMIN_EMAIL ?? 'admin@marginalia.test')
  await page.getByLabel('Password', { exact: true }).fill(process.env.ADMIN_PASSWORD ?? 'E2e!AdminPassw0rd')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(new RegExp(`${redirectTo.replace('?', '\\?')}$`))
}

/**
 * Playwright's test, with one change in the `js` project: `page.goto` returns once React has
 * hydrated an HTML page (root marks <html data-hydrated>), so no click lands before the handlers.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    if (withJavaScript(testInfo)) {
      const goto = page.goto.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        if (response?.headers()['content-type']?.startsWith('text/html')) {
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        }
        return response
      }
    }
    await use(page)
  },
})

/** The two widths every visited page is checked at: a common laptop and a small phone. */
export const CHECKED_WIDTHS = [1366, 375] as const

/**
 * Every page the suite visits is checked at both widths: axe (WCAG 2.1 A and AA, and WCAG 2.2 AA
 * for the 24-pixel target size icon-only links must meet), no sideways scrolling at 375 px, and a
 * full-page screenshot kept as an artifact in
 * test-results/screenshots/<project>/<name>-<width>.png (the name defaults to the page's path).
 * axe runs as a script in the page, so it runs in the `js` project only; the `no-js` project is
 * served the same server-rendered markup, and is still measured and photographed. The viewport is
 * restored afterwards.
 */
export async function expectAccessible(page: Page, name = nameOfPage(page)) {
  const testInfo = test.info()
  const original = page.viewportSize()
  const folder = `test-results/screenshots/${testInfo.project.name}`
  await mkdir(folder, { recursive: true })
  try {
    for (const width of CHECKED_WIDTHS) {
      await page.setViewportSize({ width, height: original?.height ?? 900 })
      if (withJavaScript(testInfo)) {
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
        const violations = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
        expect(violations, `axe at ${width} px on ${page.url()}`).toEqual([])
      }
      // Nothing may widen the page beyond the screen (a phone would scroll sideways).
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(scrollWidth, `page width at ${width} px on ${page.url()}`).toBeLessThanOrEqual(width)
      const screenshot = `${folder}/${name}-${width}.png`
      await page.screenshot({ path: screenshot, fullPage: true })
      await testInfo.attach(`${name}-${width}`, { path: screenshot, contentType: 'image/png' })
    }
  } finally {
    if (original) await page.setViewportSize(original)
  }
}

/** `/past-extractions/42?x=1` → `past-extractions-42`; the home page is `home`. */
function nameOfPage(page: Page): string {
  const slug = new URL(page.url()).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')
  return slug || 'home'
}

/** The suite runs twice: project `js` and project `no-js` (JavaScript disabled in the browser). */
export function withJavaScript(testInfo: TestInfo): boolean {
  return testInfo.project.name !== 'no-js'
}
