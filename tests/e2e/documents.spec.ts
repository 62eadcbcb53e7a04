import { readFile } from 'node:fs/promises'
import path from 'node:path'
import JSZip from 'jszip'
import { CORPUS, expect, expectAccessible, signIn, test, withJavaScript } from './helpers.ts'

const FILES = ['pdfjs-issue7014.pdf', 'pdfminer-simple5.pdf', 'pdfplumber-issue-463-example.pdf']

async function docxText(bytes: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(bytes)
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? ''
  return xml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
}

test('upload three real PDFs, watch them, categorize, download all three outputs, then find them again', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, '/extractor')
  await expectAccessible(page)

  // The browser-side checks: a reference style is required, with JavaScript before anything is sent.
  const input = page.locator('input[type="file"][name="pdf_file"]')
  await input.setInputFiles(await Promise.all(FILES.map(async (name) => ({ name, mimeType: 'application/pdf', buffer: await readFile(path.join(CORPUS, name)) }))))
  await page.getByLabel('Reference style').selectOption({ label: 'APA 7' })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()

  await expect(page).toHaveURL(/\/extractor\?batch=/)
  for (const name of FILES) await expect(page.getByText(name, { exact: true })).toBeVisible()
  // Every document reaches categorization (the page follows by itself: SSE with JS, a 2-second refresh without).
  await expect(page.getByRole('heading', { name: 'Colour categorization' })).toBeVisible({ timeout: 60_000 })
  await expectAccessible(page)

  const selects = page.locator('select[name^="color_"]')
  const count = await selects.count()
  expect(count).toBeGreaterThan(1)
  // Submitting with a colour left open is refused with the spec's message.
  for (let i = 1; i < count; i++) await selects.nth(i).selectOption({ label: i === 1 ? 'Reference' : 'Method' })
  await selects.nth(0).selectOption({ label: 'Choose a category' })
  await page.getByRole('button', { name: 'Submit categorization' }).click()
  await expect(page.getByText('Please categorize all unique highlights before submitting.')).toBeVisible()
  await selects.nth(0).selectOption({ label: 'Key finding' })
  await page.getByRole('button', { name: 'Submit categorization' }).click()

  await expect(page.getByRole('heading', { name: 'Downloads' })).toBeVisible({ timeout: 60_000 })
  await expect(page.locator('.download-section')).toHaveCount(FILES.length, { timeout: 60_000 })
  await expect(page.getByRole('heading', { name: 'Colour categorization' })).toBeHidden()
  await expectAccessible(page)

  const section = page.locator('.download-section', { hasText: 'pdfminer-simple5.pdf' })
  const txt = await page.request.get((await section.getByRole('link', { name: 'Notes (plain text)' }).getAttribute('href')) as string)
  expect(txt.headers()['content-type']).toContain('text/plain')
  const notes = await txt.text()
  expect(notes).toMatch(/KEY FINDING|METHOD|REFERENCE/)
  const docx = await page.request.get((await section.getByRole('link', { name: 'Notes (Word)' }).getAttribute('href')) as string)
  expect(docx.headers()['content-disposition']).toContain('pdfminer-simple5-notes.docx')
  const docxBody = await docxText(await docx.body())
  for (const line of notes.split('\n').filter((l) => l.startsWith('[p.')).slice(0, 2)) {
    expect(docxBody).toContain(line.replace(/^\[p\. \S+\] /, '').slice(1, 40))
  }
  const anyReferences = page.getByRole('link', { name: 'All reference links (Word)' }).first()
  const referencesDocx = await page.request.get((await anyReferences.getAttribute('href')) as string)
  expect(referencesDocx.status()).toBe(200)
  expect((await docxText(await referencesDocx.body())).length).toBeGreaterThan(20)

  // The shell's links are plain links too (app/lib/in-app-links.ts): in place with JavaScript, and
  // the current page's entry is marked as React Router's NavLink marks it.
  const js = withJavaScript(test.info())
  if (js) await page.evaluate(() => Object.assign(window, { stillTheShell: true }))
  const mainNav = page.getByRole('navigation', { name: 'Main' })
  await mainNav.getByRole('link', { name: 'Past uploads' }).click()
  await expect(page.getByRole('heading', { name: 'Past extractions' })).toBeVisible()
  await expect(mainNav.getByRole('link', { name: 'Past uploads' })).toHaveAttribute('aria-current', 'page')
  if (js) expect(await page.evaluate(() => 'stillTheShell' in window)).toBe(true)
  // Both projects (JS on and off) upload into one server, so each name may be listed twice.
  for (const name of FILES) await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible()
  await expect(page.getByText('Ready', { exact: true }).first()).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Sort by File name' }).click()
  await expect(page).toHaveURL(/sort_by=original_filename&sort_order=asc/)
  await expect(page.locator('tbody tr').first()).toContainText('pdfjs-issue7014.pdf')
  // Other specs leave unfinished uploads of the same file with the same user ('Ready for
  // Categorization' contains 'Ready'): open a row that offers its downloads.
  const finished = page
    .locator('tbody tr', { hasText: 'pdfminer-simple5.pdf' })
    .filter({ has: page.getByRole('link', { name: 'Notes (plain text)' }) })
  // With JavaScript the list's links navigate in place, as React Router's links do (app/lib/in-app-links.ts):
  // a mark left on the window survives the click.
  if (js) await page.evaluate(() => Object.assign(window, { stillThisDocument: true }))
  await finished.first().getByRole('link', { name: 'pdfminer-simple5.pdf', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'pdfminer-simple5.pdf' })).toBeVisible()
  if (js) expect(await page.evaluate(() => 'stillThisDocument' in window)).toBe(true)
  await expect(page.getByRole('link', { name: 'Notes (plain text)' })).toHaveAttribute('target', '_blank')
  await expectAccessible(page)
  await page.getByRole('link', { name: /Back to past extractions/ }).click()
  await expect(page).toHaveURL(/\/past-extractions$/)
})

test('a protected page sends a signed-out visitor to login and back', async ({ page }) => {
  await page.goto('/past-extractions')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpast-extractions$/)
})
