/**
 * The paper's own bibliographic record: XMP first (publishers fill prism:* fields), then
 * the Info dictionary, then the first pages' text when those are empty or look wrong
 * (a title that is a file name, "Microsoft Word - draft.docx", an author "user").
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { parsePerson, parsePersonList } from './names.ts'
import type { TextLine } from './page-text.ts'
import type { PaperMetadata, Person } from './types.ts'

export const DOI_PATTERN = /\b(10\.\d{4,9}\/[^\s"<>]*[^\s"<>.,;:)\]}])/i
export const ARXIV_PATTERN = /\barXiv:\s*(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(v\d+)?/i

type Xmp = { get(name: string): unknown } | null

function xmpString(xmp: Xmp, name: string): string | null {
  const value = xmp?.get(name)
  if (typeof value === 'string') return value.trim() || null
  if (Array.isArray(value)) return value.map(String).join('; ').trim() || null
  return null
}

function xmpList(xmp: Xmp, name: string): string[] {
  const value = xmp?.get(name)
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean)
  if (typeof value === 'string' && value.trim()) return [value.trim()]
  return []
}

/** Titles producers write that are not the paper's title. */
export function isPlausibleTitle(title: string | null): title is string {
  if (!title) return false
  const t = title.trim()
  if (t.length < 6 || t.split(/\s+/).length < 2) return false
  if (/\.(docx?|pdf|tex|dvi|rtf|odt|indd|qxd|ps)\b/i.test(t)) return false
  if (/^(microsoft word|untitled|title|document\d*|slide \d+|paper|article|manuscript)\b/i.test(t)) return false
  if (/^[\w-]+$/.test(t)) return false
  return true
}

function isPlausibleAuthor(author: string): boolean {
  return /\p{L}{2,}/u.test(author) && !/^(user|admin|administrator|owner|author|unknown|default|microsoft)$/i.test(author.trim())
}

/** The title on the first page: the largest text in its upper part, consecutive lines of that size joined. */
export function titleFromText(lines: TextLine[]): string | null {
  const first = lines.filter((l) => l.page === Math.min(...lines.map((x) => x.page)))
  if (first.length === 0) return null
  const top = Math.max(...first.map((l) => l.y))
  const candidates = first.filter(
    (l) => l.y > top - 450 && l.text.length >= 3 && /\p{L}{3,}/u.test(l.text) && !ARXIV_PATTERN.test(l.text) && !/^(arxiv|doi|journal|vol\.|volume|proceedings|issn|copyright|©)/i.test(l.text),
  )
  if (candidates.length === 0) return null
  const largest = Math.max(...candidates.map((l) => l.size))
  const bodySize = median(first.map((l) => l.size))
  if (largest < bodySize * 1.15) return null
  const start = first.indexOf(candidates.find((l) => Math.abs(l.size - largest) < 0.5) as TextLine)
  const parts: string[] = []
  for (let i = start; i < first.length && parts.length < 4; i++) {
    const line = first[i]
    if (Math.abs(line.size - largest) > 0.6) break
    parts.push(line.text)
  }
  const title = parts.join(' ').replace(/\s+/g, ' ').replace(/[*∗†‡]+$/u, '').trim()
  return title.length >= 6 ? title : null
}

function median(values: number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const NOT_A_NAME = /\b(university|universit[äé]|department|dept|institute|institut|school|college|laboratory|lab|corporation|inc|ltd|center|centre|faculty|hospital|abstract|keywords|introduction|journal|vol|volume|issue|received|accepted|published|copyright|e-?mail|www|http)\b/i
const NAME_TOKEN = /^(?:\p{Lu}[\p{Ll}'’-]*(?:-\p{Lu}[\p{Ll}'’]*)?\.?|\p{Lu}\.(?:\s?\p{Lu}\.)*|van|von|de|der|den|del|della|di|da|du|la|le|ter|ten|bin|al)$/u

/** "Jason D. M. Rennie", "Ivo H. M. van Stokkum", "Lars-Göran Nilsson" — a person's name, nothing else. */
export function looksLikeName(text: string): boolean {
  const tokens = text.split(/\s+/).filter(Boolean)
  if (tokens.length < 2 || tokens.length > 5) return false
  if (!tokens.every((t) => NAME_TOKEN.test(t))) return false
  const last = tokens[tokens.length - 1]
  return /^\p{Lu}\p{Ll}/u.test(last) || /^\p{Lu}{2,}$/u.test(last)
}

/**
 * Author names printed under the title: the lines between the title and the abstract whose
 * every comma- or "and"-separated part is a person's name once footnote marks, e-mail
 * addresses and affiliation numbers are removed.
 */
export function authorsFromText(lines: TextLine[], title: string | null): string[] {
  const first = lines.filter((l) => l.page === Math.min(...lines.map((x) => x.page)))
  const titleWords = title ? title.toLowerCase().split(/\s+/).slice(-3).join(' ') : null
  let start = 0
  if (titleWords) {
    const index = first.findIndex((l) => l.text.toLowerCase().includes(titleWords))
    if (index >= 0) start = index + 1
  }
  const names: string[] = []
  for (const line of first.slice(start, start + 25)) {
    if (/^abstract\b|^a b s t r a c t|^summary\b|^introduction\b|^keywords?\b/i.test(line.text)) break
    if (NOT_A_NAME.test(line.text)) continue
    const cleaned = line.text
      .replace(/\S+@\S+/g, ' ')
      .replace(/[\d∗*†‡§¶#$+]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    if (!cleaned) continue
    const parts = cleaned.split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*/).map((p) => p.trim()).filter(Boolean)
    if (parts.length > 0 && parts.every(looksLikeName)) names.push(...parts)
  }
  return names
}

/**
 * A journal citation line on the first page: "International Psychogeriatrics (2014), 26:1,
 * 147–154" or "January 2007, Volume 18, Issue 3." under the journal's name.
 */
export function journalFromText(lines: TextLine[]): { journal: string; volume: string | null; issue: string | null; pages: string | null; year: number | null } | null {
  const first = lines.filter((l) => l.page === Math.min(...lines.map((x) => x.page)))
  for (let i = 0; i < Math.min(first.length, 40); i++) {
    const text = first[i].text
    const colon = /^(\p{Lu}[\p{L} &-]{4,80}?)\s*\(((?:19|20)\d\d)\),\s*(\d+):(\d+),\s*(\d+)\s*[–-]\s*(\d+)/u.exec(text)
    if (colon) return { journal: colon[1].trim(), year: Number(colon[2]), volume: colon[3], issue: colon[4], pages: `${colon[5]}–${colon[6]}` }
    const volume = /\bVol(?:ume|\.)?\s*(\d+)\s*,?\s*(?:Issue|No\.?|Number)\s*(\d+)/i.exec(text)
    if (volume) {
      const before = text.slice(0, volume.index).replace(/\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b|\b(?:19|20)\d\d\b|[,.]/g, '').trim()
      const name = /\p{L}{4,}/u.test(before) ? before : (first[i - 1]?.text.replace(/^\p{Lu}{2,5}\s+/u, '').trim() ?? '')
      if (/\p{L}{4,}/u.test(name)) return { journal: name, volume: volume[1], issue: volume[2], pages: null, year: yearFrom(text) }
    }
  }
  return null
}

export function doiFromText(text: string): string | null {
  const match = DOI_PATTERN.exec(text)
  return match ? match[1].replace(/[.)\]]+$/, '') : null
}

export function arxivFromText(text: string): string | null {
  return ARXIV_PATTERN.exec(text)?.[1] ?? null
}

type CoverRecord = { title: string | null; authors: string | null; journal: string | null; volume: string | null; issue: string | null; pages: string | null; year: number | null }

/**
 * JSTOR-style cover pages print the citation as labelled lines:
 *   <title> / Author(s): A, B and C / Source: Journal, Month Year, Vol. 41, No. 3 (...), pp. P1-P3
 */
export function coverPageRecord(lines: TextLine[]): CoverRecord | null {
  const first = lines.filter((l) => l.page === 1)
  const authorIndex = first.findIndex((l) => /^Author\(s\):/i.test(l.text))
  const sourceIndex = first.findIndex((l) => /^Source:/i.test(l.text))
  if (authorIndex < 0 || sourceIndex < 0) return null
  const title = first.slice(0, authorIndex).map((l) => l.text).join(' ').trim() || null
  const authors = first[authorIndex].text.replace(/^Author\(s\):\s*/i, '').trim() || null
  const sourceLines: string[] = []
  for (let i = sourceIndex; i < first.length && !/^(Published by|Stable URL|Accessed):/i.test(first[i].text); i++) sourceLines.push(first[i].text)
  const source = sourceLines.join(' ').replace(/^Source:\s*/i, '').replace(/\s+/g, ' ')
  const journal = source.split(/\s*,\s*/)[0]?.trim() || null
  return {
    title,
    authors,
    journal,
    volume: /Vol\.\s*([\w.-]+)/i.exec(source)?.[1] ?? null,
    issue: /No\.\s*([\w.-]+)/i.exec(source)?.[1] ?? null,
    pages: /pp\.\s*([\w]+\s*[-–]\s*[\w]+|\w+)/i.exec(source)?.[1]?.replace(/\s*[-–]\s*/, '–') ?? null,
    year: yearFrom(source),
  }
}

function yearFrom(value: string | null): number | null {
  const match = value ? /\b(1[89]\d\d|20\d\d)\b/.exec(value) : null
  return match ? Number(match[1]) : null
}

export async function readMetadata(doc: PDFDocumentProxy, frontLines: TextLine[]): Promise<PaperMetadata> {
  let info: Record<string, unknown> = {}
  let xmp: Xmp = null
  try {
    const result = await doc.getMetadata()
    info = (result.info ?? {}) as Record<string, unknown>
    xmp = (result.metadata as Xmp) ?? null
  } catch {
    // No metadata: the text decides.
  }
  const infoString = (key: string) => (typeof info[key] === 'string' ? (info[key] as string).trim() || null : null)
  const frontText = frontLines.map((l) => l.text).join('\n')

  const cover = coverPageRecord(frontLines)
  const titleCandidates = [cover?.title ?? null, xmpString(xmp, 'dc:title'), infoString('Title')]
  const textTitle = titleFromText(frontLines)
  let title = titleCandidates.find(isPlausibleTitle) ?? null
  // A metadata title that appears nowhere on the first pages is probably wrong (a template's).
  if (title && textTitle && !normalised(frontText).includes(normalised(title).slice(0, 40))) title = textTitle
  title ??= textTitle

  const authorNames = xmpList(xmp, 'dc:creator')
  const infoAuthor = infoString('Author')
  let authors = parsePersonList(cover?.authors ?? (authorNames.length > 0 ? authorNames.join('; ') : (infoAuthor ?? ''))).filter((p) => isPlausibleAuthor(`${p.given} ${p.family}`))
  // Metadata authors that the first page never prints are a template's or a publisher's.
  const frontFolded = normalised(frontText)
  if (!cover && (authors.length === 0 || !authors.some((a) => frontFolded.includes(normalised(a.family))))) {
    const printed = authorsFromText(frontLines, title)
    if (printed.length > 0) authors = printed.map(parsePerson).filter((p): p is Person => p !== null)
    else if (!authors.some((a) => frontFolded.includes(normalised(a.family)))) authors = []
  }
  const journalLine = cover ? null : journalFromText(frontLines)

  const doi = [xmpString(xmp, 'prism:doi'), xmpString(xmp, 'dc:identifier'), infoString('doi'), frontText]
    .map((v) => (v ? doiFromText(v) : null))
    .find((v) => v !== null) ?? null
  const arxivId = arxivFromText(frontText)
  const year =
    cover?.year ??
    journalLine?.year ??
    yearFrom(xmpString(xmp, 'prism:coverdate') ?? xmpString(xmp, 'prism:coverDate') ?? xmpString(xmp, 'prism:publicationdate') ?? xmpString(xmp, 'prism:publicationDate')) ??
    yearFrom(/(?:©|\(c\)|copyright)\s*(?:\D{0,10})?((?:19|20)\d\d)/i.exec(frontText)?.[1] ?? null) ??
    (arxivId && /^\d{4}\./.test(arxivId) ? 2000 + Number(arxivId.slice(0, 2)) : null) ??
    yearFrom(infoString('CreationDate')?.replace(/^D:/, '').slice(0, 4) ?? null)

  const startPage = xmpString(xmp, 'prism:startingpage') ?? xmpString(xmp, 'prism:startingPage')
  const endPage = xmpString(xmp, 'prism:endingpage') ?? xmpString(xmp, 'prism:endingPage')
  return {
    title,
    authors,
    year,
    journal: cover?.journal ?? xmpString(xmp, 'prism:publicationname') ?? xmpString(xmp, 'prism:publicationName') ?? journalLine?.journal ?? null,
    volume: cover?.volume ?? xmpString(xmp, 'prism:volume') ?? journalLine?.volume ?? null,
    issue: cover?.issue ?? xmpString(xmp, 'prism:number') ?? xmpString(xmp, 'prism:issueIdentifier') ?? journalLine?.issue ?? null,
    pages: cover?.pages ?? (startPage ? (endPage ? `${startPage}–${endPage}` : startPage) : (journalLine?.pages ?? null)),
    doi,
    url: doi ? `https://doi.org/${doi}` : arxivId ? `https://arxiv.org/abs/${arxivId}` : null,
    arxivId,
  }
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
}
