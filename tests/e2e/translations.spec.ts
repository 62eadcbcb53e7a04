import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expect, expectAccessible, test, withJavaScript } from './helpers.ts'

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@marginalia.test'
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'E2e!AdminPassw0rd'
const shipped = (JSON.parse(readFileSync(path.resolve('locales/languages.json'), 'utf8')) as { code: string }[]).map((l) => l.code)

async function login(page: Page) {
  await page.goto('/login?redirectTo=/admin/translations')
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(ADMIN_EMAIL)
  await main.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD)
  await main.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/admin\/translations$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Translations')
}

/** The language cookie as the picker writes it. */
async function preferLanguage(page: Page, code: string) {
  await page.context().addCookies([
    { name: 'preferred_language', value: Buffer.from(JSON.stringify(code)).toString('base64'), url: new URL(page.url()).origin },
  ])
}

const row = (page: Page, code: string) => page.locator(`tr[data-code="${code}"]`)

test.describe('languages and translations', () => {
  test('an admin adds, edits and deletes a language, sees what is missing, and cannot delete English', async ({ page }, testInfo) => {
    test.setTimeout(90_000)
    const js = withJavaScript(testInfo)
    // Each project adds its own language, so the two runs share one database without meeting.
    const code = js ? 'sv' : 'fi'
    const name = js ? 'Svenska' : 'Suomi'
    await login(page)
    await expect(row(page, 'en')).toContainText('English')
    await expect(row(page, 'en').getByRole('cell').nth(4)).toContainText('Complete')
    await expectAccessible(page)

    // Add: a modal <dialog> with JavaScript, the same form on its own page without.
    await page.getByRole('link', { name: 'Add language' }).click()
    const add = page.getByRole('dialog', { name: 'Add language' })
    await expect(add).toBeVisible()
    if (js) expect(await add.evaluate((d) => d.matches(':modal'))).toBe(true)
    await add.getByLabel('Language code').fill(code)
    await add.getByLabel('Language name').fill(name)
    await add.getByRole('button', { name: 'Add language' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Language added successfully')
    await expect(page.getByRole('main').getByRole('status')).toHaveClass(/message-success/)
    await expect(row(page, code)).toContainText(name)

    // Nothing translated yet: the missing count links to the list of missing keys.
    await row(page, code).getByRole('link', { name: /missing/ }).click()
    await expect(page.getByRole('heading', { name: `Missing keys: ${name} (${code})` })).toBeVisible()
    await expect(page.locator('#missing-keys')).toContainText('nav.home')

    // The same code twice is refused, in the spec's words.
    await page.goto('/admin/translations?add=1')
    const again = page.getByRole('dialog', { name: 'Add language' })
    await again.getByLabel('Language code').fill(code)
    await again.getByLabel('Language name').fill(name)
    await again.getByRole('button', { name: 'Add language' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to add language: A language with this code already exists.')

    // Edit: the code is read-only; rename and deactivate.
    await page.goto('/admin/translations')
    await row(page, code).getByRole('link', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: `Edit language: ${name}` })
    await expect(edit.getByLabel('Language code')).toHaveAttribute('readonly', '')
    await edit.getByLabel('Language name').fill(`${name} (beta)`)
    await edit.getByLabel('Active (shown in the language picker)').uncheck()
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Language updated successfully')
    await expect(row(page, code)).toContainText(`${name} (beta)`)
    await expect(row(page, code).getByRole('cell').nth(2)).toHaveText('No')

    // English cannot be deleted.
    if (js) page.once('dialog', (dialog) => void dialog.accept())
    await row(page, 'en').getByRole('button', { name: 'Delete English' }).or(row(page, 'en').getByRole('link', { name: 'Delete English' })).click()
    if (!js) await page.getByRole('dialog', { name: 'Delete language' }).getByRole('button', { name: 'Delete language' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Cannot delete English language')

    // Delete: the browser's confirm with JavaScript (dismissing it keeps the language), a confirmation step without.
    if (js) {
      page.once('dialog', (dialog) => void dialog.dismiss())
      await row(page, code).getByRole('button', { name: `Delete ${name} (beta)` }).click()
      await expect(row(page, code)).toBeVisible()
      page.once('dialog', (dialog) => {
        expect(dialog.message()).toContain(`Delete ${name} (beta) (${code})`)
        void dialog.accept()
      })
      await row(page, code).getByRole('button', { name: `Delete ${name} (beta)` }).click()
    } else {
      await row(page, code).getByRole('link', { name: `Delete ${name} (beta)` }).click()
      const confirm = page.getByRole('dialog', { name: 'Delete language' })
      await expect(confirm).toContainText(`Delete ${name} (beta) (${code}) and all of its translations?`)
      await confirm.getByRole('button', { name: 'Delete language' }).click()
    }
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Language deleted successfully')
    await expect(row(page, code)).toHaveCount(0)
  })

  test('export to Excel and import an edited workbook; a bad file gets a clear message', async ({ page }, testInfo) => {
    test.setTimeout(90_000)
    const js = withJavaScript(testInfo)
    await login(page)

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export to Excel' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^translations_\d{4}-\d{2}-\d{2}\.xlsx$/)
    if (js) await expect(page.getByRole('main').getByRole('status')).toHaveText('Translations exported successfully')
    const file = await download.path()
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(file)
    const sheet = workbook.worksheets[0]
    expect(sheet.getCell('A1').text).toBe('Translation Key')
    const header = sheet.getRow(1).values as unknown[]
    const de = header.indexOf('de')
    const text = js ? 'Hilfe (JS)' : 'Hilfe (ohne JS)'
    sheet.eachRow((r, n) => {
      if (n > 1 && r.getCell(1).text === 'footer.support') r.getCell(de).value = text
    })
    const edited = Buffer.from(await workbook.xlsx.writeBuffer())

    await page.getByLabel('Excel file (.xlsx or .xls)').setInputFiles({ name: 'edited.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: edited })
    await page.getByRole('button', { name: 'Import from Excel' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Translations imported successfully')
    await expect(page.locator('.import-details')).toContainText('1 updated')

    await page.getByLabel('Excel file (.xlsx or .xls)').setInputFiles({ name: 'notes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('not a workbook') })
    await page.getByRole('button', { name: 'Import from Excel' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Import failed: The file is not an Excel workbook.')
    await expect(page.getByRole('main').getByRole('alert')).toHaveClass(/message-error/)

    // The change is live in German.
    await preferLanguage(page, 'de')
    await expect(async () => {
      await page.goto('/support')
      await expect(page.locator('footer')).toContainText(text)
    }).toPass({ timeout: 10_000 })
  })

  test('the admin page in German', async ({ page }) => {
    await login(page)
    await preferLanguage(page, 'de')
    await page.goto('/admin/translations')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersetzungen')
    await expect(page.getByRole('link', { name: 'Nach Excel exportieren' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expectAccessible(page)
  })

  test('Arabic renders right to left', async ({ page }) => {
    expect(shipped).toContain('ar')
    await login(page)
    await preferLanguage(page, 'ar')
    await page.goto('/support')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    await expectAccessible(page)
    await page.goto('/admin/translations')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expectAccessible(page)
  })
})
