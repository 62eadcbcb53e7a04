import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './safe-redirect.ts'

describe('safeRedirectPath', () => {
  it.each([
    '/\t/evil.example',
    '/%09/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '%2F%2Fevil.example',
    '/%5C/evil.example',
    '/%5c%5cevil.example',
    '/a/../..//evil.example',
    '/./\\evil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    ' /dashboard',
    'dashboard',
    '',
    '/\u0000/evil.example',
    '/%00',
    '/%E0%A4%A',
    `/${'a'.repeat(3000)}`,
    42,
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/dashboard')
  })

  it.each([
    ['/dashboard', '/dashboard'],
    ['/past-extractions?page=2&sort_by=original_filename', '/past-extractions?page=2&sort_by=original_filename'],
    ['/extractor?batch=123-abc#downloads', '/extractor?batch=123-abc#downloads'],
    ['/reset-password/abc', '/reset-password/abc'],
    ['/a/./b', '/a/b'],
    ['/search?q=%2F%2F', '/search?q=%2F%2F'],
  ])('keeps %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected)
  })

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.example', '/')).toBe('/')
  })
})
