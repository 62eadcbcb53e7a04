import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { CORPUS, expect, expectAccessible, signIn, test, withJavaScript } from './helpers.ts'

// Issue 14: the researcher's journey without dead ends, with JavaScript on and off.
const FILES = ['pdfjs-issue7014.pdf', 'pdfminer-simple5.pdf', 'pdfplumber-issue-463-example.pdf']

const pdf = async (name: string) => ({ name, mimeType: 'application/pdf', buffer: await readFile(path.join(CORPUS, name)) })

async function upload(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.locator('input[type="file"][name="pdf_file"]').setInputFiles(files)
  await page.getByLabel('Reference style').selectOption({ label: 'APA 7' })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
}

test('leave at the colour section, come back from the dashboard, keep the choices of a refused submit, finish', async ({ page }) => {
  test.setTimeout(300_000)
  await signIn(page, '/extractor')
  await upload(page, await Promise.all(FILES.map(pdf)))
  await expect(page).toHaveURL(/\/extractor\?batch=/)
  const batchId = new URL(page.url()).searchParams.get('batch') as string
  await expect(page.getByRole('heading', { name: 'Colour categorization' })).toBeVisible({ timeout: 180_000 })
  // With JavaScript the section appears in place: focus moves to its heading, so a screen reader announces it.
  if (withJavaScript(test.info())) await expect(page.locator('#categorize-title')).toBeFocused()

  // The researcher leaves; the dashboard shows the batch with a way back.
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: /uploads? waiting for you/ })).toBeVisible()
  await expectAccessible(page, 'dashboard')
  const resume = `a[href="/extractor?batch=${batchId}#categorize-title"]`
  const waiting = page.getByRole('region', { name: /uploads? waiting for you/ })
  await expect(waiting.locator(resume)).toHaveText('Finish categorizing')
  // Each of its documents among the latest ones leads there too.
  await expect(page.getByRole('region', { name: 'Latest documents' }).locator(resume)).toHaveCount(FILES.length)
  // The upload page and the past list offer it too.
  await page.goto('/extractor')
  await expect(page.locator(`a[href="/extractor?batch=${batchId}#categorize-title"]`)).toBeVisible()
  await expectAccessible(page, 'extractor')
  await page.goto('/past-extractions')
  await expect(page.locator(`a[href="/extractor?batch=${batchId}#categorize-title"]`).first()).toHaveText('Finish categorizing')
  await expectAccessible(page, 'past-extractions')
  // A waiting document's own page: its highlights grouped by colour, and the batch's colour section.
  const waitingRow = page.locator('tbody tr', { hasText: 'pdfjs-issue7014.pdf', has: page.locator(resume) }).first()
  await waitingRow.getByRole('link', { name: 'pdfjs-issue7014.pdf', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'pdfjs-issue7014.pdf' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Colour categorization' })).toBeVisible()
  await expect(page.locator('.notes-color-group h3').first()).toContainText(/\(#[0-9a-f]{6}\)/)
  await expect(page.locator('.notes-color-group .note').first()).toContainText('Not categorized')
  await expectAccessible(page, 'detail-waiting')

  await page.goto('/dashboard')
  await waiting.locator(resume).click()
  await expect(page.getByRole('heading', { name: 'Colour categorization' })).toBeVisible()

  // A submit with one colour left blank keeps the other choices and names the blank one.
  const selects = page.locator('select[name^="color_"]')
  const count = await selects.count()
  expect(count).toBeGreaterThan(1)
  for (let i = 1; i < count; i++) await selects.nth(i).selectOption({ label: 'Method' })
  await selects.nth(0).selectOption({ label: 'Choose a category' })
  await page.getByRole('button', { name: 'Submit categorization' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please categorize all unique highlights before submitting.' })).toBeVisible()
  await expect(page.getByText(/^Still without a category: [a-z ]+ \(#[0-9a-f]{6}\)\.$/)).toBeVisible()
  await expect(selects.nth(0)).toHaveAttribute('aria-invalid', 'true')
  const methodId = await selects.nth(1).locator('option', { hasText: 'Method' }).getAttribute('value')
  for (let i = 1; i < count; i++) await expect(selects.nth(i)).toHaveValue(methodId as string)
  if (!withJavaScript(test.info())) expect(page.url()).toContain('#categorize-title')
  await expectAccessible(page, 'categorization-refused')

  await selects.nth(0).selectOption({ label: 'Key finding' })
  await page.getByRole('button', { name: 'Submit categorization' }).click()
  await expect(page.locator('.download-section')).toHaveCount(FILES.length, { timeout: 180_000 })
  if (withJavaScript(test.info())) await expect(page.locator('#downloads-title')).toBeFocused()

  // Finished: the dashboard no longer offers it.
  const notesHref = (await page.locator('.download-section', { hasText: 'pdfminer-simple5.pdf' }).getByRole('link', { name: 'Notes (plain text)' }).getAttribute('href')) as string
  const documentId = notesHref.split('/')[2]
  await page.goto('/dashboard')
  await expect(page.locator(`a[href="/extractor?batch=${batchId}#categorize-title"]`)).toHaveCount(0)

  // The detail page shows every highlight with its text and category.
  await page.goto(`/past-extractions/${documentId}`)
  await expect(page.getByRole('heading', { name: 'Your highlights and comments' })).toBeVisible()
  const notes = page.locator('.notes-list > li')
  expect(await notes.count()).toBeGreaterThan(0)
  await expect(notes.first()).toContainText(/Key finding|Method/)
  await expectAccessible(page, 'detail')

  // One highlight changes category: the downloads are generated again, and the notes file says so.
  const select = notes.first().locator('select[name="category_id"]')
  const options = await select.locator('option').allTextContents()
  const target = options.find((o) => !['Key finding', 'Method'].includes(o)) as string
  const before = await (await page.request.get(`/documents/${documentId}/download/notes.txt`)).text()
  expect(before.toUpperCase()).not.toContain(target.toUpperCase())
  await select.selectOption({ label: target })
  await notes.first().getByRole('button', { name: 'Change' }).click()
  await expect(page.getByText('Category changed. Your downloads are being generated again with it.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Notes (plain text)' })).toBeVisible({ timeout: 120_000 })
  const after = await (await page.request.get(`/documents/${documentId}/download/notes.txt`)).text()
  expect(after.toUpperCase()).toContain(target.toUpperCase())
})

test('a mixed upload keeps the good file and names the refused one with the server’s sentence', async ({ page }) => {
  test.setTimeout(60_000)
  await signIn(page, '/extractor')
  await upload(page, [await pdf('pdfminer-simple5.pdf'), { name: 'zz-renamed-notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Plain text, renamed.\n') }])
  await expect(page).toHaveURL(/\/extractor\?batch=.*refused=notPdf/)
  await expect(page.getByText('zz-renamed-notes.pdf is not a PDF file. Please upload the PDF of the paper.')).toBeVisible()
  await expect(page.getByText('pdfminer-simple5.pdf', { exact: true })).toBeVisible()
  await expectAccessible(page)
})

test('a refused file alone shows the server’s sentence beside it', async ({ page }) => {
  await signIn(page, '/extractor')
  await upload(page, [{ name: 'zz-only-text.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Plain text, renamed.\n') }])
  await expect(page.getByText('zz-only-text.pdf is not a PDF file. Please upload the PDF of the paper.')).toBeVisible()
  await expect(page).toHaveURL(/\/extractor$/)
  // The refusal is announced, not only shown.
  await expect(page.getByRole('alert').filter({ hasText: 'zz-only-text.pdf' })).toBeVisible()
  await expectAccessible(page)
})

test('a failed document’s page says what went wrong and what to do', async ({ page }) => {
  test.setTimeout(280_000)
  await signIn(page, '/extractor')
  const whole = await readFile(path.join(CORPUS, 'pdfminer-simple5.pdf'))
  await upload(page, [{ name: 'zz-cut-short.pdf', mimeType: 'application/pdf', buffer: whole.subarray(0, 300) }])
  await expect(page).toHaveURL(/\/extractor\?batch=/)
  // The engine refuses it (or, on a loaded machine, its 90-second limit stops it): either way the page says so.
  await expect(page.locator('.batch-row', { hasText: 'zz-cut-short.pdf' })).toContainText(/Error|took too long/, { timeout: 200_000 })
  await page.goto('/past-extractions')
  await page.getByRole('link', { name: 'zz-cut-short.pdf', exact: true }).first().click()
  await expect(page.getByRole('heading', { name: /This document could not be processed|Processing this document took too long/ })).toBeVisible()
  await expect(page.getByText('What you can do: upload the PDF again', { exact: false })).toBeVisible()
  await expect(page.getByText('This document is still processing')).toHaveCount(0)
  await expectAccessible(page)
})

test('account settings: each submit lands at its section, and an old success message goes with new errors', async ({ page }) => {
  await signIn(page, '/account-settings')
  const profile = page.getByRole('region', { name: 'Profile' })
  await profile.getByLabel('First name').fill('Admin')
  await profile.getByLabel('Last name').fill('Istrator')
  await profile.getByLabel('Organization').fill('Marginalia')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(profile.getByText('Profile updated successfully!')).toBeVisible()
  if (!withJavaScript(test.info())) expect(page.url()).toMatch(/\/account-settings#profile-heading$/)
  await profile.getByLabel('First name').fill('')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(profile.getByText('First name is required.')).toBeVisible()
  await expect(profile.getByText('Profile updated successfully!')).toHaveCount(0)
  await expectAccessible(page)
})

test('the dashboard’s quick upload takes the upload page’s path, and the latest documents list the file with a way forward', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, '/dashboard')
  await expect(page.getByRole('heading', { name: 'Quick upload' })).toBeVisible()
  await upload(page, [await pdf('pdfminer-simple5.pdf')])
  await expect(page).toHaveURL(/\/extractor\?batch=/)
  const batchId = new URL(page.url()).searchParams.get('batch') as string
  await expect(page.locator('.batch-row', { hasText: 'pdfminer-simple5.pdf' })).toBeVisible()
  await page.goto('/dashboard')
  const latest = page.getByRole('region', { name: 'Latest documents' })
  const item = latest.getByRole('listitem').filter({ hasText: 'pdfminer-simple5.pdf' }).first()
  await expect(item).toBeVisible()
  // Each card offers the next step: its detail page, or the way back to the colours of its batch.
  await expect(item.getByRole('link', { name: /View details: pdfminer-simple5\.pdf|Finish categorizing: pdfminer-simple5\.pdf/ })).toBeVisible()
  expect(await latest.getByRole('listitem').count()).toBeLessThanOrEqual(5)
  await expect(page.getByRole('region', { name: /uploads? waiting for you/ }).locator(`a[href="/extractor?batch=${batchId}#categorize-title"]`)).toBeVisible()
  await expectAccessible(page, 'dashboard-latest')
})
