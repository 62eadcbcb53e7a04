import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { computeTextNamespaces, GENERATED_FILE, renderGenerated } from '../../scripts/text-namespaces.ts'
import { keysInNamespaces, pageTextNamespaces } from './text-namespaces.ts'

describe('translation namespaces per page', () => {
  it('are up to date with the code (run `npm run texts:namespaces` when this fails)', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(renderGenerated(await computeTextNamespaces()))
  })

  it('give every page the shell and its own', () => {
    expect(pageTextNamespaces('api')).toEqual(expect.arrayContaining(['nav', 'footer', 'error', 'apiDocs']))
    expect(pageTextNamespaces('/api')).toEqual(pageTextNamespaces('api'))
    expect(pageTextNamespaces('/')).toEqual(expect.arrayContaining(['nav', 'home']))
    expect(pageTextNamespaces('*')).not.toContain('home')
  })

  it('pick the keys of the namespaces asked for', () => {
    expect(keysInNamespaces({ 'nav.home': 'Home', 'home.title': 'T', 'navy.x': 'X' }, new Set(['nav']))).toEqual({ 'nav.home': 'Home' })
  })
})
