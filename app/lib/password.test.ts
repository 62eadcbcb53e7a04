import { describe, expect, it } from 'vitest'
import { passwordProblems, passwordStrength, PASSWORD_RULES, STRENGTH_LABEL_KEYS } from './password.ts'

describe('passwordProblems', () => {
  it('accepts a password that keeps every rule', () => {
    expect(passwordProblems('Abcdef1!')).toEqual([])
  })

  it('lists every broken rule in the spec order', () => {
    expect(passwordProblems('')).toEqual(PASSWORD_RULES.map((r) => r.messageKey))
    expect(passwordProblems('abcdefgh')).toEqual([
      'accounts.password.rule.uppercase',
      'accounts.password.rule.number',
      'accounts.password.rule.special',
    ])
    expect(passwordProblems('ABCDEFG1!')).toEqual(['accounts.password.rule.lowercase'])
    expect(passwordProblems('Ab1!')).toEqual(['accounts.password.rule.length'])
  })

  it('counts only the spec\'s special characters', () => {
    expect(passwordProblems('Abcdefg1-')).toEqual(['accounts.password.rule.special'])
    for (const c of '!@#$%^&*(),.?":{}|<>') expect(passwordProblems(`Abcdefg1${c}`)).toEqual([])
  })
})

describe('passwordStrength', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['aA', 2],
    ['aA1', 3],
    ['aA1!', 4],
    ['aA1!aaaa', 5],
    ['aaaaaaaaaaaa', 3],
    ['aA1!aaaaaaaa', 6],
    ['AAAAAAAAAAAA1!', 5],
  ])('scores %j as %i', (password, score) => {
    expect(passwordStrength(password)).toBe(score)
  })

  it('has a label for every score from 0 to 6', () => {
    expect(STRENGTH_LABEL_KEYS).toHaveLength(7)
  })
})
