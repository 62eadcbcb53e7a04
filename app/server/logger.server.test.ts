import { describe, expect, it } from 'vitest'
import { loggablePath } from './logger.server.ts'

describe('loggablePath', () => {
  it('drops the query string, which may carry codes', () => {
    expect(loggablePath('/register?code=secret&email=a@b.c')).toBe('/register')
  })
  it('hides the token in a reset link', () => {
    expect(loggablePath('/reset-password/abcDEF123')).toBe('/reset-password/[redacted]')
  })
})
