import type { Page } from '@playwright/test'
import { newSecret } from '#app/server/tokens.server.ts'
import { expect, expectAccessible, test, withJavaScript } from './helpers.ts'
import { connectE2eDatabase, waitForMail } from './mail.ts'

const FIRST_PASSWORD = 'Marginal-Notes-1!'
const SECOND_PASSWORD = 'Second-Thoughts-2?'
const THIRD_PASSWORD = 'Third-Reading-3#x'

/** An invitation bound to the address, as an admin would send it (the admin pages are another issue). */
async function invite(email: string): Promise<string> {
  const db = await connectE2eDatabase()
  try {
    const code = newSecret(12)
    await db.insertInto('invitations').values({ code, email, expires_at: new Date(Date.now() + 86_400_000) }).execute()
    return code
  } finally {
    await db.destroy()
  }
}

async function login(page: Page, email: string, password: string) {
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(email)
  await main.getByLabel('Password', { exact: true }).fill(password)
  await main.getByRole('button', { name: 'Login' }).click()
}

test.describe('accounts', () => {
  test('a new user: invitation → sign-up → login on the remembered page → profile, preferences, password → logout → reset by mail → login', async ({ page }, testInfo) => {
    // Ten pages, each checked with axe and photographed at two widths.
    test.setTimeout(240_000)
    const js = withJavaScript(testInfo)
    const email = `reader-${testInfo.project.name}-${Date.now()}@marginalia.test`
    const code = await invite(email)

    // Sign-up from the invitation link: code and e-mail filled in and read-only.
    await page.goto(`/register?code=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account')
    const form = page.getByRole('main')
    await expect(form.getByLabel('Invitation code')).toHaveValue(code)
    await expect(form.getByLabel('Invitation code')).toHaveAttribute('readonly', '')
    await expect(form.getByLabel('Email')).toHaveValue(email)
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '')
    await expect(form.getByLabel('Title')).toContainText('Mx.')
    await expect(form.getByText('at least 8 characters')).toBeVisible()
    await expectAccessible(page)

    await form.getByLabel('Title').selectOption('Dr.')
    await form.getByLabel('First name').fill('Rachel')
    await form.getByLabel('Last name').fill('Carson')
    await form.getByLabel('Password', { exact: true }).fill('weak')
    if (js) {
      // The meter is live with JavaScript.
      await expect(form.getByText('Weak', { exact: true })).toBeVisible()
    }
    await form.getByLabel('Research field').selectOption('Environmental Science')
    await form.getByRole('button', { name: 'Sign up' }).click()
    // With JavaScript the form is checked before it is sent; without, by the server, with the same messages.
    await expect(form.getByText('Password must be at least 8 characters long Password must contain at least one uppercase letter')).toBeVisible()
    if (!js) {
      // The page comes back with the entered values, never the password.
      await expect(form.getByLabel('First name')).toHaveValue('Rachel')
      await expect(form.getByLabel('Password', { exact: true })).toHaveValue('')
    }

    await form.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD)
    if (js) await expect(form.getByText('Excellent')).toBeVisible()
    await form.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Registration successful! Redirecting to login...')
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 })

    // A protected page sends the visitor to login and back after it.
    await page.goto('/account-settings')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount-settings$/)
    await expectAccessible(page)
    if (js) {
      // A post that cannot reach the server shows the spec's message in the form.
      await page.route(/\.data(\?|$)/, (route) =>
        route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
      )
      await login(page, email, FIRST_PASSWORD)
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('Network error. Could not connect to the server.')
      await page.unroute(/\.data(\?|$)/)
    }
    await login(page, email, 'Wrong-Password-9!')
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password.')
    await login(page, email, FIRST_PASSWORD)
    await expect(page).toHaveURL(/\/account-settings$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account settings')
    await expectAccessible(page)

    // Profile.
    const profile = page.getByRole('region', { name: 'Profile' })
    await expect(profile.getByLabel('Email')).toHaveValue(email)
    await profile.getByLabel('Title').selectOption('Assoc. Prof.')
    await profile.getByLabel('Organization').fill('')
    await profile.getByRole('button', { name: 'Save profile' }).click()
    await expect(profile.getByText('Organization is required.')).toBeVisible()
    await profile.getByLabel('Organization').fill('U.S. Fish and Wildlife Service')
    await profile.getByRole('button', { name: 'Save profile' }).click()
    await expect(profile.getByRole('status')).toHaveText('Profile updated successfully!')
    await expect(profile.getByLabel('Title')).toHaveValue('Assoc. Prof.')

    // Upload Settings: default style and colours, kept in hue order.
    const settings = page.getByRole('region', { name: 'Upload Settings' })
    await settings.getByLabel('Default reference style').selectOption({ label: 'MLA 9' })
    await settings.getByRole('button', { name: 'Add a colour' }).click()
    await settings.getByLabel('Category for colour 1').selectOption({ label: 'Method' })
    await settings.getByRole('button', { name: 'Add a colour' }).click()
    await settings.getByLabel('Colour 2', { exact: true }).fill('#ff0000')
    await settings.getByLabel('Category for colour 2').selectOption({ label: 'Key finding' })
    await settings.getByRole('button', { name: 'Add a colour' }).click()
    await settings.getByLabel('Colour 3', { exact: true }).fill('#0000ff')
    await settings.getByLabel('Category for colour 3').selectOption({ label: 'Reference' })
    await settings.getByRole('button', { name: 'Remove colour 3' }).click()
    await expect(settings.getByLabel('Colour 3', { exact: true })).toHaveCount(0)
    await settings.getByRole('button', { name: 'Save upload settings' }).click()
    await expect(settings.getByRole('status')).toHaveText('Preferences updated successfully!')
    await expect(settings.getByLabel('Colour 1', { exact: true })).toHaveValue('#ff0000')
    await expect(settings.getByLabel('Category for colour 1')).toHaveValue(await settings.getByLabel('Category for colour 1').locator('option', { hasText: 'Key finding' }).getAttribute('value') ?? '')
    await expect(settings.getByLabel('Colour 2', { exact: true })).toHaveValue('#ffeb3b')
    await expect(settings.getByLabel('Default reference style')).toHaveValue(/\d+/)
    await expectAccessible(page)

    // Change password.
    const password = page.getByRole('region', { name: 'Change password' })
    await password.getByLabel('Old password').fill(FIRST_PASSWORD)
    await password.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD)
    await password.getByLabel('Confirm new password').fill('Something-Else-1!')
    await password.getByRole('button', { name: 'Change password' }).click()
    await expect(password.getByText('New passwords do not match.')).toBeVisible()
    await password.getByLabel('Old password').fill(FIRST_PASSWORD)
    await password.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD)
    await password.getByLabel('Confirm new password').fill(SECOND_PASSWORD)
    await password.getByRole('button', { name: 'Change password' }).click()
    await expect(password.getByRole('status')).toHaveText('Password updated successfully!')

    // The dashboard greets by first name; logout is a POST from the header.
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Rachel!')
    for (const name of ['Upload PDFs', 'Past extractions', 'Account settings', 'Support']) {
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expectAccessible(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)

    // Forgotten password: the mail's link resets it.
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page).toHaveURL(/\/request-password-reset$/)
    await expectAccessible(page)
    await page.getByRole('main').getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('If an account with that email exists, a password reset link has been sent.')
    const mail = await waitForMail(email)
    expect(mail.subject).toBe('Reset your Marginalia password')
    const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    await page.goto(link ?? '')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password')
    await expectAccessible(page)
    await page.getByLabel('New password', { exact: true }).fill(THIRD_PASSWORD)
    await page.getByLabel('Confirm new password').fill(THIRD_PASSWORD)
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Your password has been reset successfully! Redirecting to login...')
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 })

    // The old password no longer works; the new one does and lands on the dashboard.
    await login(page, email, SECOND_PASSWORD)
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password.')
    await login(page, email, THIRD_PASSWORD)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Rachel!')

    // The link works once.
    await page.goto(link ?? '')
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Password reset failed: This reset link has already been used. Please request a new one.')
  })

  test('without a code, /register offers the waitlist and the updates subscription form', async ({ page }) => {
    await page.goto('/register')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the waitlist')
    await expectAccessible(page)
    const main = page.getByRole('main')
    await main.getByLabel('First name').fill('Mary')
    await main.getByRole('button', { name: 'Subscribe' }).click()
    await expect(main.getByText('Email is required.')).toBeVisible()
    await expect(main.getByText('Please agree to receive marketing communications.')).toBeVisible()
    await main.getByLabel('Email').fill(`mary-${Date.now()}@example.org`)
    await main.getByLabel('I agree to receive marketing communications from Marginalia.').check()
    await main.getByRole('button', { name: 'Subscribe' }).click()
    await expect(main.getByRole('status')).toHaveText("Thank you for subscribing! We'll keep you updated on our latest developments.")
    // The form's own page, where it posts without JavaScript.
    await page.goto('/subscribe')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stay updated')
    await expectAccessible(page)
  })

  test('/reset-password without a token explains what to do', async ({ page }) => {
    await page.goto('/reset-password')
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('No reset token found in the URL. Please use the link from your email.')
    await expectAccessible(page)
  })
})
