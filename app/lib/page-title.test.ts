import { describe, expect, it } from 'vitest'
import { pageTitle } from './page-title.ts'

describe('pageTitle', () => {
  it('adds the site name once', () => {
    expect(pageTitle('Users')).toBe('Users · Marginalia')
    expect(pageTitle('Dashboard · Marginalia')).toBe('Dashboard · Marginalia')
  })

  it('keeps a title that starts with the site name, and names the site when there is no title', () => {
    expect(pageTitle('Marginalia: your PDF highlights, turned into notes')).toBe('Marginalia: your PDF highlights, turned into notes')
    expect(pageTitle(undefined)).toBe('Marginalia')
  })
})
