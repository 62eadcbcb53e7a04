/** Personal names as printed ("Gal, Andreas", "Andreas Gal", "A. Gal", "Gal A") → {family, given}. */
import type { Person } from './types.ts'

const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'ter', 'ten', 'dos', 'das', 'bin', 'al'])
const SUFFIX = /^(jr\.?|sr\.?|ii|iii|iv)$/i

export function parsePerson(raw: string): Person | null {
  const name = raw.replace(/[\d*∗†‡§¶]+/gu, ' ').replace(/\s+/g, ' ').trim().replace(/^(and|&)\s+/i, '')
  if (!name || !/\p{L}/u.test(name)) return null
  if (name.includes(',')) {
    const [family, ...rest] = name.split(',').map((s) => s.trim())
    const given = rest.filter((part) => !SUFFIX.test(part)).join(' ')
    return { family, given }
  }
  const words = name.split(' ')
  if (words.length === 1) return { family: words[0], given: '' }
  // "Gal A" / "Gal AB" (Vancouver): family first, initials after.
  const last = words[words.length - 1]
  if (/^[A-Z]{1,3}$/.test(last) && words.length === 2) return { family: words[0], given: last.split('').join('. ') + '.' }
  let index = words.length - 1
  while (index > 0 && SUFFIX.test(words[index])) index--
  let familyStart = index
  while (familyStart > 1 && PARTICLES.has(words[familyStart - 1].toLowerCase())) familyStart--
  return { family: words.slice(familyStart, index + 1).join(' '), given: words.slice(0, familyStart).join(' ') }
}

/** "A. Gal, B. Eich and M. Shaver" / "Gal, A.; Eich, B." → people. */
export function parsePersonList(raw: string): Person[] {
  const text = raw.replace(/\s+/g, ' ').trim()
  if (!text) return []
  let parts: string[]
  if (text.includes(';')) parts = text.split(';')
  else {
    const pieces = text.split(/,\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*/)
    // "Gal, Andreas" (one person, family first) vs "Andreas Gal, Brendan Eich".
    const familyFirstPair = pieces.length === 2 && !pieces[0].includes(' ') && !/\band\b|&/.test(text)
    parts = familyFirstPair ? [text] : pieces
  }
  return parts.map(parsePerson).filter((p): p is Person => p !== null)
}
