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

/** One person of a reference's author or editor list: as printed, and split for CSL. */
export type ListedName = { raw: string; family: string; given: string; suffix?: string }

const NAME_PARTICLES = /^(?:van|von|der|den|de|del|della|des|di|da|du|la|le|ter|ten|dos|das|do|zu|af|St\.?|'t|’t)$/
// Case-sensitive: "SR" and "JR" after a family name are Vancouver initials.
const NAME_SUFFIX = /^(?:Jr|Sr|Jun|Sen|Junior|II|III|IV)\.?$/
/** "J.", "J. P.", "J.-P.", "JP" (Vancouver), "Ch." */
const INITIALS = /^(?:(?:\p{Lu}\p{Ll}?\.|\p{Lu}\b)\s*-?\s*){1,4}$/u
const DOTTED_INITIALS = /^(?:\p{Lu}\p{Ll}?\.\s*-?\s*)+$/u
const CAPS_INITIALS = /^\p{Lu}{1,3}$/u

/** An organisation as author ("R Development Core Team", "World Health Organization"): one name, not split. */
const ORGANISATION = /\b(?:team|association|consortium|collaboration|group|committee|organi[sz]ation|institute|society|council|agency|foundation|office|department|cent(?:er|re)|university|inc|ltd|corporation|project|network|bureau|ministry|commission|board|services?|federation|union|laborator(?:y|ies)|academy|alliance|initiative|authority|administration|nations|panel|partnership|coalition|registry|program(?:me)?|forum)\b/i

export function isOrganisation(name: string): boolean {
  return ORGANISATION.test(name)
}

/** "COLLMAN" → "Collman", "PERL-MUTTER" → "Perl-Mutter"; mixed-case names are kept. */
function unshout(printed: string): string {
  const name = printed.replace(/(\p{L}{2})\.$/u, '$1')
  if (!/\p{Lu}{2}/u.test(name) || /\p{Ll}/u.test(name)) return name
  return name.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase())
}

/** "JP" → "J. P.", "J.P." → "J. P.", "J.-P." stays. */
function formatInitials(given: string): string {
  if (CAPS_INITIALS.test(given) && given.length <= 3) return given.split('').map((c) => `${c}.`).join(' ')
  const spaced = given.replace(/\.(?=\p{Lu})/gu, '. ').replace(/\s+/g, ' ').trim()
  // "M. C" (the list's full stop was taken as punctuation) → "M. C."
  return /^(?:\p{Lu}\.\s?-?)+\s?\p{Lu}$/u.test(spaced) ? `${spaced}.` : spaced
}

function isParticle(word: string): boolean {
  return NAME_PARTICLES.test(word)
}

/** A piece with no given name in it: "Smith", "van der Berg", "O'Neil", "Smith-Jones", "COLLMAN". */
function isFamilyOnly(piece: string): boolean {
  const words = piece.split(/\s+/)
  const core = words.filter((w) => !isParticle(w))
  return core.length === 1 && !INITIALS.test(core[0]) && /\p{L}{2,}/u.test(core[0])
}

/** A piece that is only a given name: initials, or one or two capitalised words. */
function isGivenOnly(piece: string): boolean {
  if (INITIALS.test(piece)) return true
  const words = piece.split(/\s+/)
  return words.length <= 2 && words.every((w) => /^\p{Lu}[\p{Ll}'’-]*\.?$/u.test(w) || INITIALS.test(w))
}

/** One name without commas: "J. P. Collman", "Andreas Gal", "Altschul SF", "Gal A.", "Ludwig van Beethoven Jr." */
function splitSingleName(raw: string): ListedName | null {
  const text = raw.replace(/\s+/g, ' ').trim()
  if (!/\p{L}/u.test(text)) return null
  let words = text.replace(/(\p{Lu}\.)(?=\p{Lu}\p{Ll}{2,})/gu, '$1 ').split(' ')
  let suffix: string | undefined
  if (words.length > 1 && NAME_SUFFIX.test(words[words.length - 1])) {
    suffix = words[words.length - 1]
    words = words.slice(0, -1)
  }
  if (words.length === 1) return { raw, family: unshout(words[0]), given: '', ...(suffix ? { suffix } : {}) }
  // Family first, initials after ("Altschul SF", "Gal A.", "van Stokkum IHM").
  const last = words[words.length - 1]
  const firstIsInitial = INITIALS.test(words[0]) && (DOTTED_INITIALS.test(words[0]) || words[0].length === 1)
  if (!firstIsInitial && (DOTTED_INITIALS.test(last) || (CAPS_INITIALS.test(last) && /\p{Ll}/u.test(words[words.length - 2])))) {
    let start = words.length - 1
    while (start > 1 && (DOTTED_INITIALS.test(words[start - 1]) || CAPS_INITIALS.test(words[start - 1]))) start--
    return { raw, family: unshout(words.slice(0, start).join(' ')), given: formatInitials(words.slice(start).join(' ')), ...(suffix ? { suffix } : {}) }
  }
  // Given names first: the family name is the last word with the particles before it.
  let familyStart = words.length - 1
  while (familyStart > 1 && isParticle(words[familyStart - 1])) familyStart--
  return {
    raw,
    family: unshout(words.slice(familyStart).join(' ')),
    given: formatInitials(words.slice(0, familyStart).join(' ')),
    ...(suffix ? { suffix } : {}),
  }
}

/**
 * A reference's author (or editor) list as printed → people. Handles family-first lists
 * (`Smith, J., & Jones, K.` → two people), given-name-first lists (`J. Smith, K. Jones and
 * L. Brown`), Vancouver (`Smith J, Jones K`), semicolon lists, suffixes (`Jr.`), particles
 * (van, de, von), all-caps names, 'et al.' (reported, not a person) and the conjunctions
 * and/&/et/und/y.
 */
export function parseNameList(input: string): { names: ListedName[]; etAl: boolean } {
  let text = input
    .replace(/\s+/g, ' ')
    .replace(/\(\s*(?:eds?|editors?|hrsg|coords?|dir)\.?\s*\)/gi, ' ')
    .replace(/(?:^|[\s,])(?:eds?\.|editors?|hrsg\.)(?=[\s,]|$)/gi, ' ')
    .trim()
  let etAl = false
  text = text.replace(/,?\s*(?:\bet\s*al\b\.?|\band\s+others\b|\bu\.\s*a\.)/gi, () => {
    etAl = true
    return ' '
  })
  text = text.replace(/^[\s,.;:&]+|[\s,;:&]+$/g, '').replace(/^(?:by|and)\s+/i, '')
  if (!text) return { names: [], etAl }
  if (ORGANISATION.test(text) && !/[,;]/.test(text)) return { names: [{ raw: text, family: text.replace(/\.$/, ''), given: '' }], etAl }
  const names: ListedName[] = []
  const push = (person: ListedName | null) => {
    if (person && /\p{L}/u.test(person.family)) names.push(person)
  }
  if (text.includes(';')) {
    for (const part of text.split(';')) {
      const piece = part.trim().replace(/^(?:and|&)\s+/i, '')
      if (!piece) continue
      const comma = piece.indexOf(',')
      if (comma > 0) {
        const family = piece.slice(0, comma).trim()
        const rest = piece.slice(comma + 1).trim().split(/\s*,\s*/)
        const suffix = rest.find((r) => NAME_SUFFIX.test(r))
        push({ raw: piece, family: unshout(family), given: formatInitials(rest.filter((r) => !NAME_SUFFIX.test(r)).join(' ')), ...(suffix ? { suffix } : {}) })
      } else push(splitSingleName(piece))
    }
    return { names, etAl }
  }
  const pieces = text
    .replace(/\s*,?\s+(?:and|AND|&|et|und|y|e)\s+|\s*&\s*/g, ', ')
    .split(/\s*,\s*/)
    .map((p) => p.replace(/[.:]$/, (m) => (/(?:\p{Lu}|\b[JS]r)\.$/u.test(p) ? m : '')).trim())
    .filter(Boolean)
  // Family-first when the list opens with a lone family name followed by a given name.
  const familyFirst = pieces.length >= 2 && isFamilyOnly(pieces[0]) && isGivenOnly(pieces[1])
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]
    const next = pieces[i + 1]
    if (NAME_SUFFIX.test(piece) && names.length > 0) {
      names[names.length - 1].suffix = piece
      names[names.length - 1].raw += `, ${piece}`
      continue
    }
    // A family name of several words ("La Rocca", "St-Cyr Tribble") when dotted initials follow.
    const compoundFamily = piece.split(/\s+/).length <= 3 && !piece.split(/\s+/).some((w) => INITIALS.test(w)) && next !== undefined && DOTTED_INITIALS.test(next)
    if (next !== undefined && (isFamilyOnly(piece) || compoundFamily) && (INITIALS.test(next) || (familyFirst && isGivenOnly(next)))) {
      push({ raw: `${piece}, ${next}`, family: unshout(piece), given: formatInitials(next) })
      i++
      continue
    }
    push(splitSingleName(piece))
  }
  return { names, etAl }
}
