/**
 * In-text citations inside highlighted text, split into single citations and matched to
 * the reference list.
 *
 * Numeric: "[3]", "[3, 7]", "[3–5, 9]" → labels 3, 4, 5, 9 → the entries with those labels; in
 * a paper with a numbered list also "(2, 3, 12)" and superscript lists glued to a word ("cells2,3").
 * Author–year: "(Lee & Kim, 2019; Park, 2021)", "Smith et al. (2020a)", "Smith (2020)" →
 * first author's family name + year (+ letter) → entries whose first author and year agree.
 * Confidence (documented in docs/extraction.md): numeric label found 0.95; surname and year
 * agree 0.9 (0.8 when several entries tie and the year letter picks one); year agrees and the
 * surname is only similar 0.6; otherwise no match.
 */
import type { Annotation, InTextCitation, Reference } from './types.ts'

export type DetectedCitation =
  | { text: string; kind: 'numeric'; labels: number[] }
  /** An alphabetic key ("[GHL06]") of a list labelled that way (BibTeX alpha style). */
  | { text: string; kind: 'key'; key: string }
  | {
      text: string
      kind: 'author-year'
      surname: string
      year: number
      suffix: string | null
      /** The second author's family name ("Smith and Lee"), null when one author or "et al.". */
      second?: string | null
      /** How many authors the citation names: 1, 2, or 3 for "et al." and longer lists. */
      authorCount?: number
    }

const NUMERIC_LIST = String.raw`(\d{1,4}(?:\s*[-–—]\s*\d{1,4})?(?:\s*[,;]\s*\d{1,4}(?:\s*[-–—]\s*\d{1,4})?)*)`
const NUMERIC_GROUP = new RegExp(String.raw`\[${NUMERIC_LIST}\]`, 'g')
const PARENTHESIZED_NUMERIC = new RegExp(String.raw`\(${NUMERIC_LIST}\)`, 'g')
const PARTICLE = String.raw`(?:van|von|de|der|den|del|della|di|da|du|la|le|ter|ten)`
/** A family name, with its particles ("van Stokkum", "de la Cruz"); never a month. */
const SURNAME = String.raw`(?:\b${PARTICLE}\s+){0,2}(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Vol|No|Fig|Table|Section|Eq)\b)\p{Lu}[\p{L}'’-]+`
const AUTHORS = String.raw`${SURNAME}(?:\s+et\s+al\.?|\s*(?:,\s*${SURNAME})*,?\s*(?:&|and)\s*${SURNAME})?`
const YEAR = String.raw`((?:19|20)\d{2})([a-z])?`
const PARENTHETICAL = /\(([^()]*?(?:19|20)\d{2}[a-z]?[^()]*?)\)/gu
const ONE_PARENTHETICAL = new RegExp(String.raw`(?:see\s+|e\.g\.,?\s+|cf\.\s+)?(${AUTHORS}),?\s+${YEAR}`, 'u')
const NARRATIVE = new RegExp(String.raw`(${AUTHORS})\s+\(${YEAR}(?:[,;][^)]*)?\)`, 'gu')

function expandRange(part: string): number[] {
  const [a, b] = part.split(/\s*[-–—]\s*/).map(Number)
  if (b === undefined || Number.isNaN(b)) return [a]
  if (b < a || b - a > 50) return [a, b]
  return Array.from({ length: b - a + 1 }, (_, i) => a + i)
}

/** Which kind of citations a reference list is cited with. */
export function listStyle(references: Reference[]): 'numeric' | 'author-year' | 'unknown' {
  if (references.length === 0) return 'unknown'
  return references.filter((r) => r.label !== null).length > references.length / 2 ? 'numeric' : 'author-year'
}

/**
 * `style` says which kind the paper's own reference list uses: an author–year list is never
 * cited with numbers, so "[0, 1]" there is an interval, not a citation. Names and years are
 * looked for in every paper (some numbered lists are cited by name).
 */
export function detectCitations(text: string, style: 'numeric' | 'author-year' | 'unknown' = 'unknown'): DetectedCitation[] {
  const found: { at: number; citation: DetectedCitation }[] = []
  if (style !== 'author-year') collectNumeric(text, found, NUMERIC_GROUP)
  // "(6, 7)" (PNAS, Science) is a citation only where the list is numbered: elsewhere it is maths.
  if (style === 'numeric') {
    collectNumeric(text, found, PARENTHESIZED_NUMERIC)
    collectSuperscripts(text, found)
  }
  if (style === 'numeric') collectKeys(text, found)
  // Numbered lists are sometimes cited by name and year too ("(Wang and Neumann, 2007a)").
  collectAuthorYear(text, found)
  return found.sort((a, b) => a.at - b.at).map((f) => f.citation)
}

type Found = { at: number; citation: DetectedCitation }[]

/**
 * Superscript citations come out of the text layer glued to the word or the punctuation before
 * them ("disease.4–6 ", "cells2,3,7 "). Only lists and ranges are taken: a single glued number
 * may as well be a footnote mark, a chemical formula or a subscript ("invoked5", "CO2", "w0").
 */
const SUPERSCRIPT = /(?<=(?:\p{Ll}{3}|\p{Ll}{2}[.,;:)]|\p{Ll}[.,;:)]))(\d{1,3}(?:\s?[-–—]\s?\d{1,3})?(?:,\s?\d{1,3}(?:\s?[-–—]\s?\d{1,3})?)*)(?=[\s.,;:]|$)/gu

function collectSuperscripts(text: string, found: Found): void {
  for (const match of text.matchAll(SUPERSCRIPT)) {
    if (!/[,–—-]/.test(match[1])) continue
    // "2,000" is a number with a thousands separator.
    if (/^\d{1,3},\d{3}$/.test(match[1])) continue
    const labels = match[1].split(/\s*,\s*/).flatMap(expandRange)
    if (labels.includes(0) || !labels.every((label, i) => i === 0 || label > labels[i - 1])) continue
    for (const label of labels) found.push({ at: match.index, citation: { text: String(label), kind: 'numeric', labels: [label] } })
  }
}

const KEY = String.raw`\p{Lu}[\p{L}+-]{0,7}\d{2,4}[a-z]?`
const KEY_GROUP = new RegExp(String.raw`\[(${KEY}(?:\s*[,;]\s*${KEY})*)\]`, 'gu')

function collectKeys(text: string, found: Found): void {
  for (const match of text.matchAll(KEY_GROUP)) {
    for (const key of match[1].split(/\s*[,;]\s*/)) found.push({ at: match.index, citation: { text: `[${key}]`, kind: 'key', key } })
  }
}

function collectNumeric(text: string, found: Found, pattern: RegExp): void {
  for (const match of text.matchAll(pattern)) {
    const labels = match[1].split(/\s*[,;]\s*/).flatMap(expandRange)
    const parenthesised = match[0].startsWith('(')
    // "[0; 1]", "[0, 1]": an interval, not citations (labels start at 1).
    if (labels.includes(0)) continue
    if (parenthesised && !parenthesisedCitation(text, match.index, match[0], labels)) continue
    const [open, close] = parenthesised ? ['(', ')'] : ['[', ']']
    for (const label of labels) found.push({ at: match.index, citation: { text: `${open}${label}${close}`, kind: 'numeric', labels: [label] } })
  }
}

/**
 * "(2, 3, 12)" cites (PNAS, Science) — but "ebx(748)", "exp(−k)", "= 1 432 (64, 16, 4, 1)",
 * "(12;12)", equation numbers ("= exp(−kt), (4) where", "Eq. (4)") and the numbered steps
 * "(1) The master …" do not: a citation group follows a word
 * or punctuation after a space, uses commas and ranges, runs in ascending order, and does not
 * open a sentence.
 */
function parenthesisedCitation(text: string, at: number, group: string, labels: number[]): boolean {
  if (group.includes(';')) return false
  const before = text.slice(0, at)
  if (/[\p{L}\p{N}_\])]$/u.test(before)) return false
  if (/(?:[=+×*/<>≤≥−-]|\d)\s*$/u.test(before)) return false
  // An equation number: "= exp(−kt), (4) where", "Eq. (4)", "Table (2)".
  if (/=[^.]{0,30}$/u.test(before) || /\b(?:eqs?\.?|equations?|fig\.?|figures?|tables?|steps?|cases?|sections?|items?)\s*$/i.test(before)) return false
  if ((before.trim() === '' || /[.:;!?]\s*$/.test(before)) && /^\s+\p{Lu}/u.test(text.slice(at + group.length))) return false
  return labels.every((label, i) => i === 0 || label > labels[i - 1])
}

function authorsOf(authors: string): { surname: string; second: string | null; authorCount: number } {
  const etAl = /\bet\s+al\.?$/.test(authors.trim())
  const names = authors
    .replace(/\s+et\s+al\.?$/, '')
    .split(/\s*(?:,|&|\band\b)\s*/)
    .map((n) => n.trim())
    .filter(Boolean)
  return { surname: names[0] ?? authors.trim(), second: etAl ? null : (names[1] ?? null), authorCount: etAl ? 3 : Math.min(names.length, 3) }
}

function collectAuthorYear(text: string, found: Found): void {
  const covered: [number, number][] = []
  for (const match of text.matchAll(NARRATIVE)) {
    covered.push([match.index, match.index + match[0].length])
    found.push({
      at: match.index,
      citation: { text: match[0], kind: 'author-year', ...authorsOf(match[1]), year: Number(match[2]), suffix: match[3] ?? null },
    })
  }
  for (const match of text.matchAll(PARENTHETICAL)) {
    if (covered.some(([a, b]) => match.index >= a && match.index < b)) continue
    let offset = 0
    let previous: string | null = null
    for (const piece of match[1].split(';')) {
      const one = ONE_PARENTHETICAL.exec(piece)
      // "(Nilsson et al., 1997; 2004)": a piece with only a year is the previous authors' work.
      const authors: string | null = one ? one[1] : previous !== null && /^\s*(?:19|20)\d{2}[a-z]?(?:\s*,\s*(?:(?:19|20)\d{2})?[a-z]?)*\s*$/.test(piece) ? previous : null
      if (authors !== null) {
        // "(Smith, 2020a, 2021)", "(Smith, 2020a, b)": one author, several years or letters.
        const rest = one ? piece.slice(one.index + one[0].length - one[2].length - (one[3]?.length ?? 0)) : piece
        let lastYear: number | null = null
        for (const part of rest.matchAll(/((?:19|20)\d{2})([a-z])?|(?<=,\s*)([a-z])\b/g)) {
          const year: number | null = part[1] ? Number(part[1]) : lastYear
          if (year === null) continue
          lastYear = year
          const suffix = part[2] ?? part[3] ?? null
          found.push({
            at: match.index + offset,
            citation: { text: `${authors}, ${year}${suffix ?? ''}`, kind: 'author-year', ...authorsOf(authors), year, suffix },
          })
        }
        previous = authors
      }
      offset += piece.length + 1
    }
  }
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
}

/** Family name of a reference's first author, however it was printed. */
export function referenceFirstSurname(reference: Reference): string | null {
  const family = reference.people?.[0]?.family
  if (family && !/[[\]]/.test(family)) return family
  const first = reference.authors[0]
  if (!first) return null
  if (first.includes(',')) return first.split(',')[0].trim()
  const words = first.replace(/\./g, '. ').split(/\s+/).filter(Boolean)
  // "Gal A", "van Stokkum IHM" (Vancouver): the family name comes before the initials.
  if (words.length >= 2 && /^[A-Z]{1,4}$/.test(words[words.length - 1])) return words.slice(0, -1).join(' ')
  // "A. Gal", "Andreas Gal", "Ludwig van Beethoven" → the last word with its particles.
  let start = words.length - 1
  while (start > 0 && /^(?:van|von|de|der|den|del|della|di|da|du|la|le|ter|ten)$/.test(words[start - 1])) start--
  return words.slice(start).join(' ') || null
}

function similar(a: string, b: string): boolean {
  if (a === b) return true
  if (Math.abs(a.length - b.length) > 2) return false
  // Edit distance ≤ 1 for broken diacritics or OCR slips ("Muller" / "Müller" already folded).
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1)
}

export function matchCitation(citation: DetectedCitation, references: Reference[]): { index: number | null; confidence: number } {
  if (citation.kind === 'key') {
    const entry = references.find((r) => r.label === citation.key)
    return entry ? { index: entry.index, confidence: 0.95 } : { index: null, confidence: 0 }
  }
  if (citation.kind === 'numeric') {
    const label = String(citation.labels[0])
    const entry = references.find((r) => r.label === label)
    return entry ? { index: entry.index, confidence: 0.95 } : { index: null, confidence: 0 }
  }
  const surname = fold(citation.surname)
  const sameYear = references.filter((r) => r.year === citation.year)
  const exact = sameYear.filter((r) => fold(referenceFirstSurname(r) ?? '') === surname)
  if (exact.length === 1) return { index: exact[0].index, confidence: 0.9 }
  if (exact.length > 1) {
    // "Golub and Pereyra 2003" vs "Golub and LeVeque 2003"; "Smith et al." vs "Smith and Lee".
    const second = citation.second ? fold(citation.second) : null
    const bySecond = second ? exact.filter((r) => fold(r.people?.[1]?.family ?? r.authors[1] ?? '').startsWith(second) || fold(r.raw.slice(0, 120)).includes(second)) : []
    if (bySecond.length === 1) return { index: bySecond[0].index, confidence: 0.9 }
    const count = citation.authorCount
    const byCount = count ? exact.filter((r) => Math.min(r.people?.length ?? r.authors.length, 3) === count) : []
    if (byCount.length === 1 && !citation.suffix) return { index: byCount[0].index, confidence: 0.85 }
    const position = citation.suffix ? citation.suffix.charCodeAt(0) - 97 : 0
    const withLetter = exact.find((r) => new RegExp(`${citation.year}${citation.suffix ?? ''}\\b`).test(r.raw)) ?? exact[Math.min(position, exact.length - 1)]
    return { index: withLetter.index, confidence: 0.8 }
  }
  const loose = sameYear.filter((r) => similar(fold(referenceFirstSurname(r) ?? ''), surname) || fold(r.raw.slice(0, 80)).includes(surname))
  if (loose.length >= 1) return { index: loose[0].index, confidence: 0.6 }
  return { index: null, confidence: 0 }
}

/** DOI, else the entry's URL, else arXiv, else a scholarly search for its title (or its text). */
export function bestLink(reference: Reference | null): string | null {
  if (!reference) return null
  if (reference.doi) return `https://doi.org/${reference.doi}`
  if (reference.url) return reference.url
  if (reference.arxivId) return `https://arxiv.org/abs/${reference.arxivId}`
  return `https://scholar.google.com/scholar?q=${encodeURIComponent(reference.title ?? reference.raw.slice(0, 200))}`
}

/** Numbers beyond the last label of a numbered list ("[1000]" runs) are not citations. */
export function plausibleCitations(citations: DetectedCitation[], references: Reference[]): DetectedCitation[] {
  const labels = references.map((r) => Number(r.label)).filter((n) => Number.isFinite(n) && n > 0)
  if (labels.length === 0) return citations
  const last = Math.max(...labels)
  return citations.filter((c) => c.kind !== 'numeric' || (c.labels[0] >= 1 && c.labels[0] <= last))
}

export function citationsIn(text: string, references: Reference[]): InTextCitation[] {
  return plausibleCitations(detectCitations(text, listStyle(references)), references).map((citation) => {
    const { index, confidence } = matchCitation(citation, references)
    const reference = index === null ? null : references[index]
    return { text: citation.text, referenceIndex: index, confidence, url: bestLink(reference) }
  })
}

export function attachCitations(annotations: Annotation[], references: Reference[]): void {
  for (const annotation of annotations) {
    if (annotation.text) annotation.citations = citationsIn(annotation.text, references)
  }
}
