/**
 * The spec's password rules and strength meter, in one place: the meter on the page, the rules
 * list under the field, and the server's validation all read these.
 */

/** The special characters the spec counts. */
export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>'
export const PASSWORD_MIN_LENGTH = 8

const hasSpecial = (password: string) => [...password].some((c) => SPECIAL_CHARACTERS.includes(c))

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special'
  /** i18n key of the failure message ('Password must be at least 8 characters long', …). */
  messageKey: string
  test: (password: string) => boolean
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', messageKey: 'accounts.password.rule.length', test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', messageKey: 'accounts.password.rule.uppercase', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', messageKey: 'accounts.password.rule.lowercase', test: (p) => /[a-z]/.test(p) },
  { id: 'number', messageKey: 'accounts.password.rule.number', test: (p) => /[0-9]/.test(p) },
  { id: 'special', messageKey: 'accounts.password.rule.special', test: hasSpecial },
]

/** The message keys of every rule the password breaks, in the spec's order (joined into one message for display). */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.messageKey)
}

export const STRENGTH_MAX = 6

/** i18n keys of the labels for scores 0 … 6: Very Weak, Weak, Fair, Good, Strong, Very Strong, Excellent. */
export const STRENGTH_LABEL_KEYS = [
  'accounts.strength.veryWeak',
  'accounts.strength.weak',
  'accounts.strength.fair',
  'accounts.strength.good',
  'accounts.strength.strong',
  'accounts.strength.veryStrong',
  'accounts.strength.excellent',
] as const

/**
 * One point each for length ≥ 8, length ≥ 12, an uppercase letter, a lowercase letter, a digit and
 * a special character, and a final point when all of these hold with length ≥ 12; capped at 6.
 */
export function passwordStrength(password: string): number {
  const checks = [
    password.length >= 8,
    password.length >= 12,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /[0-9]/.test(password),
    hasSpecial(password),
  ]
  const points = checks.filter(Boolean).length + (checks.every(Boolean) ? 1 : 0)
  return Math.min(points, STRENGTH_MAX)
}
