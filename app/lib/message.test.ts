import { describe, expect, it } from 'vitest'
import { isSuccessMessage } from './message.ts'

describe('isSuccessMessage', () => {
  it.each([
    'If an account with that email exists, a password reset link has been sent.',
    'Registration successful! Redirecting to login...',
    'Your password has been reset successfully! Redirecting to login...',
    'Profile updated successfully!',
    'Password updated successfully!',
    'Preferences updated successfully!',
    'Success',
  ])('styles "%s" as a success', (text) => {
    expect(isSuccessMessage(text)).toBe(true)
  })

  it.each([
    'Login failed. Please try again.',
    'Registration failed',
    'Password reset failed: Invalid or missing reset token.',
    'New passwords do not match.',
    'Update failed: Organization is required.',
    '',
  ])('styles "%s" as an error', (text) => {
    expect(isSuccessMessage(text)).toBe(false)
  })
})
