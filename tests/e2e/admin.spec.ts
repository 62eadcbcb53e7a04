import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test, withJavaScript } from './helpers.ts'
import { connectE2eDatabase, E2E_APP_PORT, waitForMail } from './mail.ts'

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@marginalia.test'
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'E2e!AdminPassw0rd'
const INVITEE_PASSWORD = 'Invited-Reader-1!'

async function signIn(page: Page) {
  await page.goto('/login?redirectTo=%2Fadmin')
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(ADMIN_EMAIL)
  await main.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD)
  await main.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

/** A document with a stored PDF, as an upload leaves it (the upload itself is the documents suite's). */
async function storedDocument(filename: string): Promise<void> {
  const db = await connectE2eDatabase()
  try {
    const key = `uploads/e2e-admin/${Date.now()}.pdf`
    const target = path.resolve(`.data/e2e-${E2E_APP_PORT}/files`, key)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, '%PDF-1.4 admin e2e\n%%EOF\n')
    const admin = await db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()
    const style = await db.selectFrom('reference_styles').select('id').orderBy('id').executeTakeFirstOrThrow()
    const batchId = crypto.randomUUID()
    await db.insertInto('batches').values({ id: batchId, user_id: admin.id, reference_style_id: style.id }).execute()
    await db
      .insertInto('documents')
      .values({ user_id: admin.id, batch_id: batchId, reference_style_id: style.id, original_filename: filename, storage_key: key, size_bytes: 30, upload_status: 'uploaded' })
      .execute()
  } finally {
    await db.destroy()
  }
}

test('admin journey: overview → invitation (and its duplicate confirmation) → the invitee registers from the mail → users → analytics and CSV → audit log → data insights', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000)
  const js = withJavaScript(testInfo)
  const invitee = `invitee-${testInfo.project.name}-${Date.now()}@marginalia.test`
  const filename = `stored-${testInfo.project.name}-${Date.now()}.pdf`
  await storedDocument(filename)

  // Overview
  await signIn(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard')
  await expect(page.getByText('Total users')).toBeVisible()
  await expect(page.getByText('Last updated:')).toBeVisible()
  const adminNav = page.getByRole('navigation', { name: 'Admin' })
  await expect(adminNav.getByRole('link', { name: 'Translations' })).toHaveAttribute('href', '/admin/translations')
  await page.getByRole('link', { name: 'Refresh' }).click()
  await expect(page).toHaveURL(/\/admin\?refresh=1$/)
  await expectAccessible(page)

  // Invitations: send, then the duplicate confirmation, then Send Anyway.
  await adminNav.getByRole('link', { name: 'Invitations' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitations')
  const emailField = page.getByLabel('Email', { exact: true })
  const send = page.getByRole('button', { name: 'Send Invitation' })
  if (js) await expect(send).toBeDisabled()
  await emailField.fill('not an email')
  await send.click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await emailField.fill(invitee)
  await send.click()
  await expect(page.getByText(`Invitation sent successfully to ${invitee}!`)).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Email', { exact: true }).fill(invitee)
  await page.getByRole('button', { name: 'Send Invitation' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm Invitation' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`An invitation is already pending for ${invitee}.`)
  await expect(dialog).toContainText('Do you want to send another invitation anyway?')
  await dialog.getByRole('link', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await page.getByLabel('Email', { exact: true }).fill(invitee)
  await page.getByRole('button', { name: 'Send Invitation' }).click()
  await page.getByRole('dialog', { name: 'Confirm Invitation' }).getByRole('button', { name: 'Send Anyway' }).click()
  await expect(page.getByText(`Invitation sent successfully to ${invitee}!`)).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: invitee })).toHaveCount(2)

  // The invitee registers from the link in the mail (another browser, signed out).
  const mail = await waitForMail(invitee)
  const link = /http\S+\/register\?code=\S+/.exec(mail.text)?.[0]
  expect(link).toBeTruthy()
  const other = await browser.newContext({ javaScriptEnabled: js })
  const guest = await other.newPage()
  await guest.goto(link!)
  const form = guest.getByRole('main')
  await expect(form.getByLabel('Email')).toHaveValue(invitee)
  await form.getByLabel('First name').fill('Ivy')
  await form.getByLabel('Last name').fill('Invitee')
  await form.getByLabel('Password', { exact: true }).fill(INVITEE_PASSWORD)
  await form.getByRole('button', { name: 'Sign up' }).click()
  await expect(guest.getByRole('main').getByRole('status')).toHaveText('Registration successful! Redirecting to login...')
  await other.close()

  // Users: find them, send a reset, deactivate and reactivate.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Management')
  await page.getByLabel('Search users').fill(invitee.toUpperCase())
  await page.getByRole('button', { name: 'Apply' }).click()
  const row = page.getByRole('row').filter({ hasText: invitee })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Ivy Invitee')
  await expect(row).toContainText('pending')
  await expectAccessible(page)
  await row.getByRole('button', { name: 'Send Password Reset' }).click()
  await expect(page.getByText('Password reset email sent successfully!')).toBeVisible()
  await expect.poll(async () => (await waitForMail(invitee)).text, { timeout: 20_000 }).toMatch(/\/reset-password\//)
  await page.getByRole('row').filter({ hasText: invitee }).getByRole('button', { name: 'Deactivate' }).click()
  await expect(page.getByText(`User ${invitee} deactivated successfully.`)).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: invitee })).toContainText('inactive')
  await page.getByRole('row').filter({ hasText: invitee }).getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByText(`User ${invitee} activated successfully.`)).toBeVisible()

  // Analytics: 7d and 1y, then the CSV.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Detailed Analytics')
  for (const [value, label] of [['7d', 'Last 7 days'], ['1y', 'Last year']] as const) {
    await page.getByLabel('Time range').selectOption(value)
    if (!js) await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(page).toHaveURL(new RegExp(`range=${value}`))
    await expect(page.getByLabel('Time range')).toHaveValue(value)
    await expect(page.getByLabel('Time range').locator('option:checked')).toHaveText(label)
  }
  for (const heading of ['User Activity', 'Document Processing', 'Error Analysis', 'Reference Styles']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible()
  }
  await expect(page.getByRole('img', { name: /Documents per day/ })).toBeVisible()
  await expectAccessible(page)
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe('analytics-1y.csv')
  const csv = (await readFile(await download.path())).toString('utf8')
  const rows = csv.trim().split(/\r?\n/).map((line) => line.split(','))
  expect(rows[0]).toEqual(['metric', 'value'])
  const figures = Object.fromEntries(rows.slice(1))
  expect(figures.range).toBe('1y')
  expect(Number(figures.new_users)).toBeGreaterThanOrEqual(1)
  expect(Number.isFinite(Number(figures.success_rate))).toBe(true)

  // Audit log: every step, with its details.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Logs' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit Logs')
  for (const action of ['invitation_sent', 'user_created', 'password_reset_sent', 'user_updated', 'analytics_viewed', 'analytics_exported']) {
    await expect(page.locator(`tr[data-action="${action}"]`).first()).toBeVisible()
  }
  await page.getByLabel('Action').selectOption('user_updated')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/action=user_updated/)
  const entry = page.locator('tr[data-action="user_updated"]').first()
  await expect(entry).toContainText(ADMIN_EMAIL)
  await entry.getByText('View details').click()
  await expect(entry.locator('pre')).toContainText('"change": "activated"')
  await expect(entry.locator('pre')).toContainText(invitee)
  await expectAccessible(page)

  // Data insights: each tab, and the stored file.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Data Insights' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Insights')
  const tabs = page.getByRole('navigation', { name: 'Data sets' })
  await expect(page.getByRole('row').filter({ hasText: invitee })).toContainText('Never')
  await tabs.getByRole('link', { name: 'Subscriptions' }).click()
  await expect(page).toHaveURL(/tab=subscriptions/)
  await expect(tabs.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('aria-current', 'page')
  await tabs.getByRole('link', { name: 'Documents' }).click()
  await expect(page).toHaveURL(/tab=documents/)
  await page.getByLabel('Search').fill(filename)
  await page.getByRole('button', { name: 'Apply' }).click()
  const docRow = page.getByRole('row').filter({ hasText: filename })
  await expect(docRow).toContainText(ADMIN_EMAIL)
  await expect(docRow).toContainText('processing')
  await expectAccessible(page)
  const filePromise = page.waitForEvent('download')
  await docRow.getByRole('link', { name: `Download ${filename}` }).click()
  const file = await filePromise
  expect(file.suggestedFilename()).toBe(filename)
  expect((await readFile(await file.path())).toString('utf8')).toContain('%PDF-1.4 admin e2e')
})

test('a signed-out visitor of an admin page goes to /login, the page remembered', async ({ page }) => {
  await page.goto('/admin/users')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusers$/)
})
