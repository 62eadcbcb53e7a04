/**
 * The paper's reference list: find the heading, split the following lines into entries
 * (numbered "[12]" / "12." labels, or author–year entries told apart by hanging indent and
 * by a new entry starting with "Surname, X." after a line that closed the previous one),
 * then parse each entry.
 */
import { arxivFromText, doiFromText } from './metadata.ts'
import type { TextLine } from './page-text.ts'
import type { Reference } from './types.ts'

const HEADING = /^(?:\d+\.?|[IVX]+\.)?\s*(references(?: and notes| cited)?|bibliography|works cited|literature cited|literature|citations|références|literatur(?:verzeichnis)?)\s*:?$/i
/** Sections that may follow the references and end them. */
const AFTER_REFERENCES = /^(?:[A-Z]\.?|\d+\.?)?\s*(appendix|appendices|supplementary|acknowledg(e)?ments?|about the authors?|author biographies|biographies|index)\b/i
const NUMBERED = /^\s*(?:\[(\d{1,4})\]|(\d{1,4})\.(?=\s|\p{Lu})|\((\d{1,4})\))\s*/u
/**
 * How an author–year entry starts: "Gal, A.", "Gal, Andreas", "A. Gal,", "Gal A," (Vancouver
 * names), "Gal A (2009)", "GAL, A.", or an organisation followed by its year ("R Development
 * Core Team (2006)").
 */
const AUTHOR_START = /^\s*(?:(?:van|von|de|der|den|del|di|da|du|la|le|ter|ten)\s+)?(?:\p{Lu}[\p{L}'’-]+(?:\s+(?:van|von|de|der|den|del|di|da|la|le)\s+\p{Lu}[\p{L}'’-]+)?,\s*(?:\p{Lu}\.|\p{Lu}[\p{Ll}]+)|\p{Lu}\.\s*(?:\p{Lu}\.\s*)*\p{Lu}[\p{L}'’-]+,|[A-Z][\p{L}'’-]+\s+[A-Z]{1,3}(?:[,.]|\s+\()|\p{Lu}[\p{L}'’-]+,?\s+(?:\p{Lu}\.\s*)+(?:,|and|&)|(?:\p{Lu}[\p{L}'’-]*\s+){0,5}\p{Lu}[\p{L}'’-]*\.?\s+\((?:19|20)\d\d)/u

export function isReferenceHeading(text: string): boolean {
  return HEADING.test(text.trim())
}

/** Finds the last reference heading among `lines` and returns the lines after it, without page furniture. */
export function referenceSectionLines(lines: TextLine[]): TextLine[] {
  let start = -1
  for (let i = lines.length - 1; i >= 0; i--) {
    if (HEADING.test(lines[i].text.trim())) {
      start = i
      break
    }
  }
  if (start < 0) return []
  const after = lines.slice(start + 1)
  const bodySize = median(after.map((l) => l.size))
  const repeated = repeatedAcrossPages(after)
  const section: TextLine[] = []
  for (const line of after) {
    // A following section (appendix, acknowledgements, biographies) ends the list; so does a
    // numbered heading ("A. Proofs", "7 Conclusion") set larger than the entries.
    if (AFTER_REFERENCES.test(line.text) && line.text.length < 60) break
    if (line.size > bodySize * 1.15 && line.text.length < 80 && /^(?:[A-Z]|\d{1,2})(?:\.\d+)*\.?\s+\p{Lu}/u.test(line.text)) break
    if (isPageFurniture(line) || line.size < bodySize * 0.85 || repeated.has(furnitureKey(line.text))) continue
    section.push(line)
  }
  return section
}

function median(values: number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** Running heads repeat on every page with only the page number changing. */
export function furnitureKey(text: string): string {
  return text.replace(/\d+/g, '#').trim()
}

export function repeatedAcrossPages(lines: TextLine[]): Set<string> {
  const pagesByKey = new Map<string, Set<number>>()
  for (const line of lines) {
    const key = furnitureKey(line.text)
    if (!pagesByKey.has(key)) pagesByKey.set(key, new Set())
    pagesByKey.get(key)?.add(line.page)
  }
  return new Set([...pagesByKey].filter(([, pages]) => pages.size >= 2).map(([key]) => key))
}

/** Running heads and page numbers between reference pages. */
function isPageFurniture(line: TextLine): boolean {
  return /^\d{1,4}$/.test(line.text.trim()) || /^page \d+( of \d+)?$/i.test(line.text.trim())
}

/** Which column of which page a line is in (two-column layouts split near the middle of a letter page). */
function columnKey(line: TextLine): string {
  return `${line.page}:${line.x < 300 ? 'L' : 'R'}`
}

/**
 * The left edge of each column: the smallest x shared by at least two lines (a stray footer
 * or a centred line does not count).
 */
function leftEdges(lines: TextLine[]): Map<string, number> {
  const xsByColumn = new Map<string, number[]>()
  for (const line of lines) {
    const key = columnKey(line)
    if (!xsByColumn.has(key)) xsByColumn.set(key, [])
    xsByColumn.get(key)?.push(Math.round(line.x))
  }
  const edges = new Map<string, number>()
  for (const [key, xs] of xsByColumn) {
    const counts = new Map<number, number>()
    for (const x of xs) for (const near of [x - 1, x, x + 1]) counts.set(near, (counts.get(near) ?? 0) + 1)
    const shared = [...counts].filter(([, n]) => n >= 2).map(([x]) => x)
    edges.set(key, shared.length > 0 ? Math.min(...shared) : Math.min(...xs))
  }
  return edges
}

/** Groups section lines into entries. */
export function splitEntries(lines: TextLine[]): { label: string | null; text: string }[] {
  if (lines.length === 0) return []
  const numberedCount = lines.filter((l) => NUMBERED.test(l.text)).length
  const numbered = numberedCount >= Math.max(2, lines.length * 0.15)
  const entries: { label: string | null; lines: string[] }[] = []
  if (numbered) {
    let expected = 1
    for (const line of lines) {
      const match = NUMBERED.exec(line.text)
      const label = match ? (match[1] ?? match[2] ?? match[3]) : null
      // A new entry starts at its label; "12." inside a continuation (a volume, a page) does
      // not, unless it is the number we expect next.
      if (label && (Number(label) === expected || line.text.trim().startsWith('['))) {
        entries.push({ label, lines: [line.text.slice(match?.[0].length ?? 0)] })
        expected = Number(label) + 1
      } else if (entries.length > 0) entries[entries.length - 1].lines.push(line.text)
    }
  } else {
    // Author–year: hanging indent (continuations are indented relative to the column's left
    // edge) or an author pattern after a line that ended an entry.
    const columnLeft = leftEdges(lines)
    let previous: TextLine | null = null
    for (const line of lines) {
      const left = columnLeft.get(columnKey(line)) ?? line.x
      const atLeftEdge = line.x - left < 0.8 * line.size
      const previousEnded = !previous || /[.)\]]\s*$|\d\s*$|\p{L}{2,}\s*$/u.test(previous.text)
      // A line with its own "(2009)" early on starts an entry even when the previous line
      // seems unfinished (a page range that went to the other column).
      const ownYear = /\((?:19|20)\d\d[a-z]?\)/.test(line.text.slice(0, 150))
      const startsEntry = entries.length === 0 || (atLeftEdge && AUTHOR_START.test(line.text) && (previousEnded || ownYear))
      if (startsEntry) entries.push({ label: null, lines: [line.text] })
      else entries[entries.length - 1].lines.push(line.text)
      previous = line
    }
  }
  return entries.map((e) => ({ label: e.label, text: joinEntryLines(e.lines) })).filter((e) => e.text.length > 10)
}

function joinEntryLines(lines: string[]): string {
  let text = ''
  for (const raw of lines) {
    const line = raw.trim()
    if (!text) text = line
    else if (/[a-z]-$/.test(text) && /^[a-z]/.test(line)) text = text.slice(0, -1) + line
    else if (/[/_.-]$/.test(text) && /^(?:www\.|[\w-]+\.[a-z]{2,}|[\w/?=&%#.-]+$)/.test(line) && /https?:\/\/\S*$|doi\.org\S*$/.test(text)) text += line
    else text += ` ${line}`
  }
  return text.replace(/\s+/g, ' ').trim()
}

const YEAR = /(?:^|[\s(,.])((?:19|20)\d{2})([a-z])?(?=[\s).,;:]|$)/

/**
 * The year of publication: a parenthesised year ("(2009)", "(Mar. 2009)") if there is one;
 * otherwise the last year-like number that is not a volume ("vol. 1974"), a page or a range.
 */
export function publicationYear(raw: string): number | null {
  const parenthesised = /\((?:[A-Za-z.]+\s+)?((?:19|20)\d\d)[a-z]?\)/.exec(raw)
  if (parenthesised) return Number(parenthesised[1])
  const candidates = [...raw.matchAll(/(?<![\d./:–-])((?:19|20)\d\d)[a-z]?(?![\d–-])/g)].filter((m) => {
    const before = raw.slice(Math.max(0, m.index - 8), m.index)
    return !/(?:vol\.?|volume|no\.?|pp\.?|pages?|isbn|issn)\s*$/i.test(before)
  })
  const last = candidates[candidates.length - 1]
  return last ? Number(last[1]) : null
}

const SURNAME_RE = String.raw`(?:(?:[Vv]an|[Vv]on|[Dd]e|[Dd]er|[Dd]en|[Dd]el|[Dd]ella|[Dd]i|[Dd]a|[Dd]u|[Ll]a|[Ll]e|ter|ten)\s+){0,2}\p{Lu}[\p{L}'’\-]*(?:\s?-\s?\p{Lu}[\p{L}'’]*)?`
const INITIALS_RE = String.raw`(?:\p{Lu}\.\s?-?\s?){1,4}`
const SEPARATOR_RE = String.raw`(?:\s*,\s*(?:and\s+|AND\s+|&\s*)?|\s*\b(?:and|AND)\s+|\s*&\s*)`
/** An author list ends at punctuation before the title or at the year in parentheses. */
const LIST_END = String.raw`(?=[.,:;]?\s|\s*\(|$)`
/** Author lists as references print them, each as a whole-list pattern anchored at the start. */
const AUTHOR_LISTS = [
  // Gal, A., Eich, B., and Shaver, M. / GAL, A., AND EICH, B.
  new RegExp(String.raw`^(?:${SURNAME_RE},\s*${INITIALS_RE}(?:\s*,?\s*(?:Jr\.|Sr\.))?)(?:${SEPARATOR_RE}${SURNAME_RE},\s*${INITIALS_RE})*(?:,?\s*et\s+al\.)?${LIST_END}`, 'u'),
  // A. Gal, B. Eich, and M. Shaver
  new RegExp(String.raw`^(?:${INITIALS_RE}\s*${SURNAME_RE})(?:${SEPARATOR_RE}${INITIALS_RE}\s*${SURNAME_RE})*(?:,?\s*et\s+al\.)?${LIST_END}`, 'u'),
  // Gal A, Eich B, Shaver M (Vancouver)
  new RegExp(String.raw`^(?:${SURNAME_RE}\s+\p{Lu}{1,4})(?:${SEPARATOR_RE}${SURNAME_RE}\s+\p{Lu}{1,4})*(?:,?\s*et\s+al\.?)?(?=[.,:;]\s|\s+\(|\s+(?:19|20)\d\d|$)`, 'u'),
  // Andreas Gal, Brendan Eich and Mike Shaver
  new RegExp(String.raw`^(?:\p{Lu}[\p{Ll}'’\-]+(?:\s+\p{Lu}\.)*\s+${SURNAME_RE})(?:${SEPARATOR_RE}\p{Lu}[\p{Ll}'’\-]+(?:\s+\p{Lu}\.)*\s+${SURNAME_RE})*(?:,?\s*et\s+al\.)?(?=[.,:]\s+(?:19|20)\d\d|[.:]\s|\s*\()`, 'u'),
]

/** The author list at the start of an entry: the longest of the known list shapes. */
function leadingAuthors(raw: string): string {
  let best = ''
  for (const pattern of AUTHOR_LISTS) {
    const match = pattern.exec(raw)
    if (match && match[0].length > best.length) best = match[0]
  }
  return best
}

export function parseReference(index: number, label: string | null, raw: string): Reference {
  const doi = doiFromText(raw)
  const url = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;)]/.exec(raw)?.[0] ?? null
  const arxivId = arxivFromText(raw) ?? /arxiv\.org\/abs\/([\w./-]+?)(?:v\d+)?(?=[\s.,;]|$)/i.exec(raw)?.[1] ?? null
  const yearMatch = YEAR.exec(raw)
  const year = publicationYear(raw)

  let authorsPart = leadingAuthors(raw)
  let rest = raw.slice(authorsPart.length)
  if (!authorsPart) {
    // An organisation or an unusual name: everything up to the year or the first full stop.
    const cut = yearMatch && yearMatch.index < 150 ? yearMatch.index + 1 : raw.search(/\.\s/)
    authorsPart = cut > 0 ? raw.slice(0, cut) : ''
    rest = raw.slice(authorsPart.length)
  }
  // Skip the year that follows the authors: "(2009).", ", 2009.", ". 2009."
  rest = rest.replace(/^[\s.,:]*\(?\s*(?:19|20)\d\d[a-z]?\s*\)?[.,:]?\s*/, '').replace(/^[\s.,:]+/, '')

  let title: string | null = null
  const quoted = /^[“"]([^”"]{3,}?)[,.]?[”"]\s*,?\s*/.exec(rest)
  if (quoted) {
    title = quoted[1]
    rest = rest.slice(quoted[0].length)
  } else {
    // The title runs to the first full stop, question or exclamation mark that ends a sentence.
    const sentence = /^(.+?[\p{Ll}0-9)'’”"])([.?!])\s+(?=In\s|in\s|[\p{Lu}(\d]|https?:|doi)/u.exec(rest)
    if (sentence) {
      title = sentence[2] === '.' ? sentence[1] : sentence[1] + sentence[2]
      rest = rest.slice(sentence[0].length)
    } else {
      title = rest.replace(/[.\s]+$/, '') || null
      rest = ''
    }
  }
  const authors = splitAuthors(authorsPart)
  const container = containerFrom(rest)
  return { index, label, raw, authors, year, title: title?.replace(/[.,\s]+$/, '').trim() || null, container, doi, url, arxivId }
}

function splitAuthors(text: string): string[] {
  // Keep the full stop of a final initial ("Shaver, M."), drop a sentence's.
  const cleaned = text
    .replace(/\(?\s*(?:eds?\.|editors?)\s*\)?/gi, '')
    .replace(/[(\s,]+$/, '')
    .replace(/(\p{Ll}{2}|\p{Lu}{2})\.$/u, '$1')
    .trim()
  if (!cleaned) return []
  // "Gal, A., Eich, B., and Shaver, M." (family, initials) vs "A. Gal, B. Eich, and M. Shaver".
  const familyFirst = /^(?:(?:van|von|de|der|den|del|di|da|du|la|le)\s+)?\p{Lu}[\p{L}'’-]+,\s*\p{Lu}\./u.test(cleaned)
  const parts = cleaned.split(/\s*(?:,\s*(?:and|AND|&)\s+|\s+(?:and|AND)\s+|\s*&\s*|;\s*)\s*/)
  const people: string[] = []
  for (const part of parts) {
    if (familyFirst) {
      const tokens = part.split(/,\s*/)
      for (let i = 0; i < tokens.length; i += 2) {
        const family = tokens[i]?.trim()
        const given = tokens[i + 1]?.trim()
        if (family && !/^et al\.?$/i.test(family)) people.push(given ? `${family}, ${given}` : family)
      }
    } else {
      for (const name of part.split(/,\s*/)) if (name.trim() && !/^et al\.?$/i.test(name.trim())) people.push(name.trim())
    }
  }
  return people.filter((p) => /\p{L}{2,}/u.test(p) && p.length < 80).slice(0, 50)
}

function containerFrom(rest: string): string | null {
  const text = rest.replace(/^(?:in:?\s+|in proceedings of\s+)/i, (m) => (/proceedings/i.test(m) ? 'Proceedings of ' : '')).trim()
  if (!text) return null
  const container = text.split(/,\s*(?:vol\.|volume|\d|pp\.|pages|no\.)|\.\s+(?=\d|[A-Z][a-z]+:|doi|https?:)|\s*\(\d{4}\)|,\s*(?:19|20)\d\d/i)[0]
  const cleaned = container.replace(/[.,;:\s]+$/, '').trim()
  return cleaned.length >= 3 && /\p{L}{3,}/u.test(cleaned) ? cleaned : null
}

export function findReferences(lines: TextLine[]): Reference[] {
  const section = referenceSectionLines(lines)
  return splitEntries(section).map((entry, index) => parseReference(index, entry.label, entry.text))
}
