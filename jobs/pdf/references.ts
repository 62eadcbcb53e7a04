/**
 * The paper's reference list: find the heading, split the following lines into entries
 * (numbered "[12]" / "12." labels, or author–year entries told apart by hanging indent and
 * by a new entry starting with "Surname, X." after a line that closed the previous one),
 * then parse each entry with the reference tagger (refparse/).
 */
import { arxivFromText, doiFromText } from './metadata.ts'
import type { TextLine } from './page-text.ts'
import { parseReferenceText } from './refparse/index.ts'
import type { Reference } from './types.ts'

/**
 * The reference heading, in the common languages of science, optionally numbered ("7.", "VII.",
 * "A.") and in any case; letter-spaced headings ("R E F E R E N C E S") are closed up first.
 */
const HEADING =
  /^(?:\d+\.?|[IVX]+\.?|[A-Z]\.)?\s*(?:references?(?: and notes| cited| list)?|list of references|bibliograph(?:ic|ical) references|notes and references|bibliography|selected bibliography|works cited|literature cited|cited literature|literature|citations|références(?: bibliographiques)?|bibliographie|literatur(?:verzeichnis)?|referencias(?: bibliográficas)?|referências(?: bibliográficas)?|refer[eê]ncias|bibliograf[ií]a|bibliografie|riferimenti(?: bibliografici)?|literatuur(?:lijst)?|referenser|litteratur|kaynaklar|kaynakça|piśmiennictwo|literatura|список литературы|литература|библиография|参考文献|參考文獻|引用文献|文献|참고\s*문헌|المراجع)\s*[:.]?$/iu
/** Sections that may follow the references and end them. */
const AFTER_REFERENCES =
  /^(?:[A-Z]\.?|\d+\.?|[IVX]+\.)?\s*(appendix|appendices|supplementary|supporting information|supplemental|acknowledg(e)?ments?|about the authors?|author biographies|biographies|biography|index|anexos?|apêndices?|apéndices?|anhang|annexes?|appendice|приложение|付録)\b/iu
/** "[12]", "12.", "(12)", or an alphabetic key "[GHL06]", "[Lam98a]", "[ABC+19]" (BibTeX alpha style). */
const NUMBERED = /^\s*(?:\[(\d{1,4})\]|(\d{1,4})\.(?=\s|\p{Lu})|\((\d{1,4})\)|\[(\p{Lu}[\p{L}+-]{0,7}\d{2,4}[a-z]?)\])\s*/u
/**
 * A label without bracket or full stop: "1 Smith J" (BMJ, Vancouver), a superscript glued to
 * the entry ("1Smith J") or alone on its line ("1" set higher than the entry).
 */
const BARE_NUMBER = /^\s*(\d{1,3})(?:\s+|(?=\p{Lu})|$)/u
/**
 * How an author–year entry starts: "Gal, A.", "Gal, Andreas", "A. Gal,", "Gal A," (Vancouver
 * names), "Gal A (2009)", "GAL, A.", "Nilsson, L-G.", an organisation followed by its year ("R
 * Development Core Team (2006)") or an acronym spelt out in brackets ("FAO [Food and …]"); not a
 * place ("Rome, Italy: MPS"); given names first ("Jenny Rose Finkel, Trond Grenager", "Dekang Lin. 1998.").
 */
const AUTHOR_START = /^\s*(?:(?:van|von|de|der|den|del|di|da|du|la|le|ter|ten)\s+)?(?:\p{Lu}[\p{L}'’-]+(?:\s+(?:van|von|de|der|den|del|di|da|la|le)\s+\p{Lu}[\p{L}'’-]+)?,\s*(?:\p{Lu}\.?-\p{Lu}\.|\p{Lu}\.|\p{Lu}\p{Ll}+(?!\p{Ll}|\s*:))|\p{Lu}{2,}\s+\[\p{Lu}|\p{Lu}\.\s*(?:\p{Lu}\.\s*)*\p{Lu}[\p{L}'’-]+,|[A-Z][\p{L}'’-]+\s+[A-Z]{1,3}(?:[,.]|\s+\()|\p{Lu}[\p{L}'’-]+,?\s+(?:\p{Lu}\.\s*)+(?:,|and|&)|(?:\p{Lu}[\p{L}'’-]*\s+){0,5}\p{Lu}[\p{L}'’-]*\.?\s+\((?:19|20)\d\d|\p{Lu}\p{Ll}+(?:\s+\p{Lu}(?:\p{Ll}+|\.))*\s+\p{Lu}[\p{L}'’-]+(?:\.\s+(?:19|20)\d\d|,\s+(?:and\s+)?\p{Lu}(?:\p{Ll}+|\.)\s+\p{Lu}))/u

/** "R E F E R E N C E S" → "REFERENCES" (single letters separated by spaces). */
function closeUp(text: string): string {
  const trimmed = text.trim()
  return /^(?:\p{L} ){3,}\p{L}$/u.test(trimmed) ? trimmed.replace(/ /g, '') : trimmed
}

export function isReferenceHeading(text: string): boolean {
  return text.length < 60 && HEADING.test(closeUp(text))
}

/**
 * Finds the last reference heading among `lines` and returns the lines after it, without page
 * furniture. Without a heading (REVTeX, some preprints), the list is the last numbered block
 * that runs 1, 2, 3… to the end and reads like references (years in most entries).
 */
export function referenceSectionLines(lines: TextLine[]): TextLine[] {
  let start = -1
  for (let i = lines.length - 1; i >= 0; i--) {
    if (isReferenceHeading(lines[i].text)) {
      start = i
      break
    }
  }
  if (start < 0) start = unheadedListStart(lines)
  if (start < 0) return []
  const after = lines.slice(start + 1)
  const bodySize = median(after.map((l) => l.size))
  const repeated = repeatedAcrossPages(after)
  const edges = pageEdgeLines(after)
  const section: TextLine[] = []
  for (const line of after) {
    // A following section (appendix, acknowledgements, biographies) ends the list; so does a
    // numbered heading ("A. Proofs", "7 Conclusion") set larger than the entries.
    if (AFTER_REFERENCES.test(closeUp(line.text)) && line.text.length < 60) break
    if (line.size > bodySize * 1.15 && line.text.length < 80 && /^(?:[A-Z]|\d{1,2})(?:\.\d+)*\.?\s+\p{Lu}/u.test(line.text)) break
    // Page numbers and running heads sit at the top or bottom of a page (a lone number inside the
    // list is a superscript label); running heads repeat across pages; a line in the middle of
    // the list that merely looks like another ("343–353. doi:10.1016/…") is an entry's. A footer
    // set smaller than the entries goes too.
    // A superscript label set apart sits just above its entry's first line; a page number does not.
    const loneNumber = /^\d{1,3}$/.test(line.text.trim()) && after.some((l) => l.page === line.page && l !== line && line.y - l.y > 0 && line.y - l.y < 1.2 * bodySize && Math.abs(l.x - line.x) < 40)
    if (loneNumber) {
      section.push(line)
      continue
    }
    if (edges.has(line) && (isPageFurniture(line) || repeated.has(furnitureKey(line.text)) || line.size < bodySize * 0.9)) continue
    if (isPageFurniture(line) || line.size < bodySize * 0.85) continue
    section.push(line)
  }
  return section
}

/** The two top-most and two bottom-most lines of each page. */
function pageEdgeLines(lines: TextLine[]): Set<TextLine> {
  const byPage = new Map<number, TextLine[]>()
  for (const line of lines) {
    if (!byPage.has(line.page)) byPage.set(line.page, [])
    byPage.get(line.page)?.push(line)
  }
  const edges = new Set<TextLine>()
  for (const page of byPage.values()) {
    const sorted = [...page].sort((a, b) => b.y - a.y)
    for (const line of [...sorted.slice(0, 2), ...sorted.slice(-2)]) edges.add(line)
  }
  return edges
}

/**
 * A list without a heading: the last line labelled 1 ("[1]", "1.", "(1)") from which the labels
 * run on in order to at least 3, with a year in most entries. Returns the index before it.
 */
function unheadedListStart(lines: TextLine[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = NUMBERED.exec(lines[i].text)
    if (!match || Number(match[1] ?? match[2] ?? match[3]) !== 1) continue
    const bracket = lines[i].text.trim()[0]
    let expected = 2
    let withYear = /\b(?:19|20)\d\d\b/.test(lines[i].text) ? 1 : 0
    let entryHasYear = withYear === 1
    let lastLabel = i
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]
      const next = NUMBERED.exec(line.text)
      if (next && line.text.trim()[0] === bracket && Number(next[1] ?? next[2] ?? next[3]) === expected) {
        expected++
        entryHasYear = false
        lastLabel = j
      }
      if (!entryHasYear && /\b(?:19|20)\d\d\b/.test(line.text)) {
        entryHasYear = true
        withYear++
      }
    }
    const entries = expected - 1
    // The block runs to the end: after its last label, no more than a few entries' worth of lines.
    const linesPerEntry = (lastLabel - i) / Math.max(1, entries - 1)
    const runsToEnd = lines.length - 1 - lastLabel <= Math.max(15, 3 * linesPerEntry)
    if (entries >= 3 && withYear >= 0.6 * entries && runsToEnd) return i - 1
  }
  return -1
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
  if (!numbered && bareNumbered(lines)) {
    let expected = 1
    for (const line of lines) {
      const match = BARE_NUMBER.exec(line.text)
      if (match && Number(match[1]) === expected) {
        entries.push({ label: match[1], lines: [line.text.slice(match[0].length)] })
        expected++
      } else if (entries.length > 0) entries[entries.length - 1].lines.push(line.text)
    }
  } else if (numbered) {
    let expected = 1
    for (const line of lines) {
      const match = NUMBERED.exec(line.text)
      const label = match ? (match[1] ?? match[2] ?? match[3] ?? match[4]) : null
      // A new entry starts at its label; "12." inside a continuation (a volume, a page) does
      // not, unless it is the number we expect next.
      if (label && (Number(label) === expected || line.text.trim().startsWith('['))) {
        entries.push({ label, lines: [line.text.slice(match?.[0].length ?? 0)] })
        if (!match?.[4]) expected = Number(label) + 1
      } else if (entries.length > 0) entries[entries.length - 1].lines.push(line.text)
    }
  } else {
    // Author–year: hanging indent (continuations are indented relative to the column's left
    // edge), an author pattern after a line that ended an entry, or extra space before it.
    const columnLeft = leftEdges(lines)
    const sameColumn = (a: TextLine, b: TextLine) => a.page === b.page && columnKey(a) === columnKey(b) && a.y > b.y
    // The line spacing within an entry: the lower quartile of the gaps (entry gaps are the larger ones).
    const gaps = lines
      .slice(1)
      .flatMap((line, i) => (sameColumn(lines[i], line) ? [lines[i].y - line.y] : []))
      .sort((a, b) => a - b)
    const spacing = gaps.length >= 3 ? gaps[Math.floor(gaps.length / 4)] : 0
    let previous: TextLine | null = null
    for (const line of lines) {
      const left = columnLeft.get(columnKey(line)) ?? line.x
      const atLeftEdge = line.x - left < 0.8 * line.size
      const previousEnded = !previous || /[.)\]]\s*$|\d\s*$|\p{L}{2,}\s*$/u.test(previous.text)
      // A line with its own "(2009)" early on starts an entry even when the previous line
      // seems unfinished (a page range that went to the other column); so does "Romeo R, Grita F. 2020.".
      const ownYear = /\((?:19|20)\d\d[a-z]?\)|[.,]\s(?:19|20)\d\d[a-z]?\.\s/.test(line.text.slice(0, 150))
      // Entries set apart by extra space (ABNT, many journals without hanging indent).
      const afterGap = previous !== null && previousEnded && spacing > 0 && sameColumn(previous, line) && previous.y - line.y > 1.3 * spacing && previous.y - line.y < 4 * spacing && /^\s*\p{Lu}/u.test(line.text)
      const startsEntry = entries.length === 0 || (atLeftEdge && ((AUTHOR_START.test(line.text) && (previousEnded || ownYear)) || afterGap))
      if (startsEntry) entries.push({ label: null, lines: [line.text] })
      else entries[entries.length - 1].lines.push(line.text)
      previous = line
    }
  }
  return entries.map((e) => ({ label: e.label, text: joinEntryLines(e.lines) })).filter((e) => e.text.length > 10)
}

/** Lines labelled 1, 2, 3… in order by bare numbers, for at least 3 entries and 15 % of the lines. */
function bareNumbered(lines: TextLine[]): boolean {
  let expected = 1
  for (const line of lines) {
    const match = BARE_NUMBER.exec(line.text)
    if (match && Number(match[1]) === expected) expected++
  }
  return expected - 1 >= 3 && expected - 1 >= lines.length * 0.15
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

/**
 * One entry → its fields: the tagger trained on GROBID's labelled reference strings
 * (refparse/, see docs/extraction.md) labels the tokens, rules take DOIs, URLs, arXiv ids,
 * page ranges and the year, and the whole entry is also given as a CSL-JSON item.
 */
export function parseReference(index: number, label: string | null, raw: string): Reference {
  const { fields, csl } = parseReferenceText(raw)
  const arxivId = fields.arxivId ?? arxivFromText(raw)
  return {
    index,
    label,
    raw,
    // As printed, with the full stop of a final initial that the tagger left outside the name.
    authors: fields.authors.map((n) => {
      const printed = n.raw.replace(/[\s,;:]+$/, '')
      return /(?:^|[\s.])\p{Lu}$/u.test(printed) && raw.includes(`${printed}.`) ? `${printed}.` : printed
    }),
    year: fields.year ?? publicationYear(raw),
    title: fields.title,
    container: fields.container,
    doi: fields.doi ?? doiFromText(raw),
    url: fields.url,
    arxivId,
    people: fields.authors.map((n) => ({ family: n.family, given: n.given })),
    volume: fields.volume,
    issue: fields.issue,
    pages: fields.pages,
    publisher: fields.publisher,
    csl,
  }
}

export function findReferences(lines: TextLine[]): Reference[] {
  const section = referenceSectionLines(lines)
  return splitEntries(section).map((entry, index) => parseReference(index, entry.label, entry.text))
}
