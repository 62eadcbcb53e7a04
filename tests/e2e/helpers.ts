import { AxeBuilder } from '@axe-core/playwright'
import { test as base, expect, type Page, type TestInfo } from '@playwright/test'

export { expect }

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

/**
 * Every page the suite visits is checked for accessibility violations (WCAG 2.1 A and AA). axe
 * runs as a script in the page, so the check runs in the `js` project; the `no-js` project is
 * served the same server-rendered markup.
 */
export async function expectAccessible(page: Page) {
  if (!withJavaScript(test.info())) return
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

/** The suite runs twice: project `js` and project `no-js` (JavaScript disabled in the browser). */
export function withJavaScript(testInfo: TestInfo): boolean {
  return testInfo.project.name !== 'no-js'
}
