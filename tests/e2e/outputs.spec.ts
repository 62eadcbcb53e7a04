import { existsSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { hashPassword } from '#app/features/accounts/password.server.ts'
import { CORPUS, expect, expectAccessible, test, withJavaScript } from './helpers.ts'
import { connectE2eDatabase, E2E_APP_PORT } from './mail.ts'

const FILES = ['pdfannots-hotos17.pdf', 'pdfjs-comments.pdf', 'pdfminer-simple5.pdf']
const PASSWORD = 'Take-Notes-Away-15!'
const FILES_ROOT = path.resolve(`.data/e2e-${E2E_APP_PORT}/files`)

/** A researcher of their own (this test deletes the account at the end). */
async function createResearcher(email: string) {
  const db = await connectE2eDatabase()
  try {
    await db
      .insertInto('users')
      .values({ email, password_hash: await hashPassword(PASSWORD), first_name: 'Ada', last_name: 'Reader' })
      .execute()
  } finally {
    await db.destroy()
  }
}

/** One categorized highlight's text per document of the batch (what each file must contain). */
async function oneHighlightPerPaper(batchId: string) {
  const db = await connectE2eDatabase()
  try {
    const rows = await db
      .selectFrom('annotations')
      .innerJoin('documents', 'documents.id', 'annotations.document_id')
      .select(['documents.id', 'documents.original_filename', 'annotations.text'])
      .where('documents.batch_id', '=', batchId)
      .where('annotations.category_id', 'is not', null)
      .where('annotations.text', 'is not', null)
      .orderBy('annotations.position')
      .execute()
    const keys = new Map((await db.selectFrom('documents').select(['id', 'storage_key']).where('batch_id', '=', batchId).execute()).map((d) => [d.id, d.storage_key]))
    const byFile = new Map<string, { id: string; text: string; storageKey: string | null }>()
    for (const r of rows) {
      if (!byFile.has(r.original_filename) && r.text && r.text.trim().length >= 5) byFile.set(r.original_filename, { id: r.id, text: r.text, storageKey: keys.get(r.id) ?? null })
    }
    return byFile
  } finally {
    await db.destroy()
  }
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login')
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(email)
  await main.getByLabel('Password', { exact: true }).fill(password)
  await main.getByRole('button', { name: 'Login' }).click()
}

const squash = (text: string) => text.replace(/\\/g, '').replace(/\s+/g, ' ').trim()

test('three papers → categorize → synthesis, matrix and ZIP → delete one → export the account → delete it', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  const email = `outputs-${testInfo.project.name}-${Date.now()}@marginalia.test`
  await createResearcher(email)
  await login(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.goto('/extractor')
  await page.locator('input[type="file"][name="pdf_file"]').setInputFiles(
    await Promise.all(FILES.map(async (name) => ({ name, mimeType: 'application/pdf', buffer: await readFile(path.join(CORPUS, name)) }))),
  )
  await page.getByLabel('Reference style').selectOption({ label: 'APA 7' })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page).toHaveURL(/\/extractor\?batch=/)
  const batchId = new URL(page.url()).searchParams.get('batch') as string
  await expect(page.getByRole('heading', { name: 'Colour categorization' })).toBeVisible({ timeout: 90_000 })
  const selects = page.locator('select[name^="color_"]')
  const count = await selects.count()
  for (let i = 0; i < count; i++) await selects.nth(i).selectOption({ label: i === 0 ? 'Reference' : i % 2 ? 'Key finding' : 'Method' })
  await page.getByRole('button', { name: 'Submit categorization' }).click()
  await expect(page.locator('.download-section')).toHaveCount(FILES.length, { timeout: 90_000 })
  // The four more files of each paper are listed beside the spec's three.
  for (const label of ['Notes (Markdown)', 'References (BibTeX)', 'References (RIS)', 'Annotations (CSV)']) {
    await expect(page.getByRole('link', { name: label }).first()).toBeVisible()
  }

  // The batch page, from the upload page.
  await page.getByRole('link', { name: 'Open the batch: synthesis, evidence matrix and ZIP' }).click()
  await expect(page).toHaveURL(new RegExp(`/batches/${batchId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Batch' })).toBeVisible()
  await expectAccessible(page)
  const href = async (name: string) => (await page.getByRole('link', { name }).getAttribute('href')) as string
  const expected = await oneHighlightPerPaper(batchId)
  expect(expected.size).toBe(FILES.length)

  const synthesis = squash(await (await page.request.get(await href('Synthesis (Markdown)'))).text())
  const docx = await JSZip.loadAsync(await (await page.request.get(await href('Synthesis (Word)'))).body())
  const docxText = squash(
    ((await docx.file('word/document.xml')?.async('string')) ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  )
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load((await (await page.request.get(await href('Evidence matrix (Excel)'))).body()) as never)
  const sheet = workbook.getWorksheet('Highlights')
  const cells: string[] = []
  sheet?.eachRow((row) => cells.push(squash(String(row.getCell(5).value ?? ''))))
  const zip = await JSZip.loadAsync(await (await page.request.get(await href('All files (ZIP)'))).body())
  for (const [file, { text }] of expected) {
    const words = squash(text).slice(0, 40)
    expect(synthesis).toContain(words)
    expect(docxText).toContain(words)
    expect(cells.some((c) => c.includes(words))).toBe(true)
    const md = await zip.file(`${file.replace(/\.pdf$/, '')}/notes.md`)?.async('string')
    expect(squash(md ?? '')).toContain(words)
  }
  expect(workbook.worksheets.map((w) => w.name)).toEqual(['Highlights', 'Papers'])

  // Delete one paper from its page, through the confirmation step.
  const [victimFile, victim] = [...expected][1]
  await page.goto(`/past-extractions/${victim.id}`)
  await page.getByRole('link', { name: 'Delete this document' }).click()
  await expect(page.getByRole('heading', { name: 'Delete this document?' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Delete the document' }).click()
  await expect(page).toHaveURL(/\/past-extractions\?deleted=1$/)
  await expect(page.getByText('Deleted.', { exact: false })).toBeVisible()
  await expect(page.getByRole('link', { name: victimFile, exact: true })).toHaveCount(0)
  const token = ((await (await page.request.post('/api/login', { data: { email, password: PASSWORD } })).json()) as { token: string }).token
  const api = await page.request.get(`/api/documents/${victim.id}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(api.status()).toBe(404)
  // Storage: no generated file under the document's folder (S3 has no folders; a local one may stay, empty), and the PDF gone.
  const folder = path.join(FILES_ROOT, 'documents', victim.id)
  expect(existsSync(folder) ? readdirSync(folder, { recursive: true }) : []).toEqual([])
  expect(victim.storageKey && existsSync(path.join(FILES_ROOT, victim.storageKey))).toBe(false)

  // The account's data, from the account page.
  await page.goto('/account-settings')
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible()
  const exportHref = (await page.getByRole('link', { name: 'Download my data (ZIP)' }).getAttribute('href')) as string
  const exported = await JSZip.loadAsync(await (await page.request.get(exportHref)).body())
  expect(JSON.parse((await exported.file('account.json')?.async('string')) ?? '{}').email).toBe(email)
  expect(Object.keys(exported.files).some((name) => name.endsWith('/extraction.json'))).toBe(true)

  // Delete the account: a wrong password is refused, the right one ends everything.
  await page.getByRole('link', { name: 'Delete my account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Your password').fill('not-my-password')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByText('The password is not correct.')).toBeVisible()
  await page.getByLabel('Your password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/\?accountDeleted=1$/)
  await expect(page.getByText('Your account and everything in it were deleted.', { exact: false })).toBeVisible()
  expect((await page.request.get('/api/documents', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401)
  await login(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/login/)
  if (withJavaScript(testInfo)) await expect(page.getByRole('main').getByText(/Invalid|incorrect|not/i).first()).toBeVisible()
})
