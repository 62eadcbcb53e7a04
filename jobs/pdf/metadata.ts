/**
 * The paper's own bibliographic record: XMP first (publishers fill prism:* fields), then
 * the Info dictionary, then the first pages' text when those are empty or look wrong
 * (a title that is a file name, "Microsoft Word - draft.docx", an author "user").
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { firstPageHeaderLines, MARK } from './header/lines.ts'
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
    (l) =>
      l.y > top - 450 &&
      l.text.length >= 3 &&
      /\p{L}{3,}/u.test(l.text) &&
      /\p{L}{2,}\s+\p{L}{2,}/u.test(l.text.replaceAll(MARK, '')) &&
      !ARXIV_PATTERN.test(l.text) &&
      !/^(arxiv|doi|journal|vol\.|volume|proceedings|issn|copyright|©|open access|research article|original (?:article|research)|review article)/i.test(l.text) &&
      !/^(?:\p{L} ){3,}/u.test(l.text) &&
      // Journal banners and mastheads: "Journal of …", "IEEE Transactions on …", an ISSN or a web address.
      !/\b(?:j?ournal|transactions|proceedings|bulletin|annals)\s+(?:of|on|in|for)\b|\b(?:e-?ISSN|ISSN|www\.|https?:)/i.test(l.text),
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
  const title = parts.join(' ').replaceAll(MARK, ' ').replace(/\s+/g, ' ').replace(/[\s*∗†‡,]+$/u, '').trim()
  return title.length >= 6 ? title : null
}

function median(values: number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** Words that end the author block or make a line something else than names. */
const NOT_AN_AUTHOR_LINE = /\b(abstract|keywords|introduction|journal|vol|volume|issue|received|accepted|published|copyright|e-?mail|www|http|edited by|academic editor|handling editor|corresponding|resumen|resumo|dated)\b/i
/** An institution printed in the author line ("Andrew Baumann, Microsoft Research"): dropped, not a person. */
const INSTITUTION = /\b(universit\p{L}*|univ|department|dept|institut\p{L}*|school|college|laborator\p{L}*|labs?|research|sciences?|association|society|press|publishers?|corporation|corp|inc|ltd|llc|gmbh|center|centre|faculty|hospital|clinic|academy|foundation|council|agency|ministry|company|technologies|google|microsoft|ibm|intel|amazon|facebook|meta|nvidia|adobe|mozilla|yahoo|baidu|alibaba|tencent|huawei|samsung|cnrs|inria|cern|nasa|max planck)\b/iu
/** Degrees and titles after (or before) a name: "Clara J. Day, BMBCh, PhD", "Catherine Hudon MD MSc". */
const DEGREE = /^(?:MD|M\.D\.|PhD|Ph\.\s?D\.?|DPhil|MSc|M\.Sc\.|MS|MA|BA|BS|BSc|MPH|MBA|RN|FAAN|ScD|PharmD|DMSc|MBChB|BMBCh|MB|BChir|MBBS|FMedSci|MEd|EdD|ANP|CRNP|RPh|MRes|MHS|Mstat|AOCN|CMFC|FCMF|PsyD|MPhil|FRCP|FRCS|FRCPC|FACP|FACS|DrPH|DDS|DVM|MSN|BSN|MSW|JD|Dr\.?|Prof\.?|Professor|Director)$/
/** IEEE membership grades after a name: "John Smith, Senior Member, IEEE". */
const MEMBERSHIP = /^(?:(?:(?:Senior|Life|Student|Graduate Student)\s+)?(?:Member|Fellow)(?:,?\s+(?:IEEE|ACM|OSA|SPIE))?|IEEE|ACM|OSA|SPIE)$/
/** "The ATLAS Collaboration": an organisation as author. */
const COLLABORATION = /^(?:the\s+)?(\p{Lu}[\p{L}\d-]*(?:\s+\p{Lu}[\p{L}\d-]*){0,3})\s+collaboration$/iu
const ROLE = /(?:^|\s+)(?:professor|lecturer|reader|fellow|student|researcher|consultant|director|editor|doctor|physician|nurse|scientist|associate|assistant|chair|head|senior|junior|research|clinical|honorary|emeritus|postdoctoral|doctoral|general practitioner|statistician|epidemiologist|registrar|manager|officer|analyst|investigator|specialist|surgeon|psychologist|pharmacist|midwife|dean|chief)\b.*$/
const STOP_WORD = /^(?:of|the|and|for|in|on|to|an|at|by|with|from|our|your|is|are|this|that|new|via)$/i
const NAME_TOKEN = /^(?:\p{Lu}[\p{L}'’]*(?:-\p{Lu}?[\p{L}'’]*)*\.?|(?:\p{Lu}\.\s?-?)+|van|von|de|der|den|del|della|di|da|du|dos|das|la|le|ter|ten|bin|al|el)$/u

/** "Jason D. M. Rennie", "Ivo H. M. van Stokkum", "CL Chei", "XIN HE" — a person's name, nothing else. */
export function looksLikeName(text: string): boolean {
  const tokens = text.split(/\s+/).filter(Boolean)
  if (tokens.length < 2 || tokens.length > 5) return false
  if (!tokens.every((t) => NAME_TOKEN.test(t) && !STOP_WORD.test(t))) return false
  if (tokens.some((t) => DEGREE.test(t))) return false
  const last = tokens[tokens.length - 1]
  return /^\p{Lu}\p{Ll}/u.test(last) || /^\p{Lu}[\p{Lu}'’-]+$/u.test(last)
}

/**
 * Author names printed under the title: the lines between the title and the abstract whose
 * every comma- or "and"-separated part is a person's name once footnote marks, e-mail
 * addresses and affiliation numbers are removed.
 */
export function authorsFromText(lines: TextLine[], title: string | null): string[] {
  const first = lines.filter((l) => l.page === Math.min(...lines.map((x) => x.page)))
  // The author block sits under the title: no title, no block.
  if (!title) return []
  const folded = normalised(title)
  let start = -1
  for (let i = 0; i < Math.min(first.length, 40); i++) {
    const text = normalised(first[i].text.replaceAll(MARK, ''))
    if (text.length >= 3 && folded.includes(text)) start = i
    else if (start >= 0) break
  }
  if (start < 0) return []
  const names: string[] = []
  for (const line of first.slice(start + 1, start + 26)) {
    if (/^(?:abstract|summary|introduction|keywords?|resumen|resumo|résumé|zusammenfassung|аннотация)\b|^a b s t r a c t/i.test(line.text)) break
    names.push(...authorLineParts(line.text))
  }
  return names
}

/**
 * One printed author line → the names in it as printed, or [] when a part is neither a name nor
 * an institution or degree. Affiliation markers (digits, `∗†‡§¶#`, lone letters `a,b`, the
 * superscript MARK) separate names; e-mails go; `and`, `&`, `et`, `und`, `y`, `e` join.
 */
function authorLineParts(text: string): string[] {
  if (NOT_AN_AUTHOR_LINE.test(text)) return []
  const cleaned = text
    .replaceAll(MARK, ',')
    .replace(/\{[^}]*\}\s*@\S+|\S+@\S+/g, ',')
    .replace(/[\d∗*†‡§¶#$+¤⁎⇤✝✉⋆★◇♯♭]+/gu, ',')
    .replace(/(^|[\s,])\p{Ll}(?=$|[\s,])/gu, '$1,')
    .replace(/\s+/g, ' ')
    .trim()
  if (!cleaned) return []
  const names: string[] = []
  let others = 0
  for (const raw of cleaned.replace(/^by\s+/i, '').split(/\s*[,;·•|]\s*|\s+(?:and|AND|et|ET|und|UND)\s+|\s*&\s*/)) {
    // BMJ prints each author's role after the name: "Ann Smith professor of epidemiology".
    const tokens = raw.replace(ROLE, '').trim().split(/\s+/).filter(Boolean)
    while (tokens.length > 0 && (DEGREE.test(tokens[0]) || /^(?:and|et|und)$/i.test(tokens[0]))) tokens.shift()
    while (tokens.length > 0 && DEGREE.test(tokens[tokens.length - 1])) tokens.pop()
    const part = tokens.join(' ')
    if (!part || MEMBERSHIP.test(part)) continue
    const collaboration = COLLABORATION.exec(part)
    if (collaboration) {
      names.push(`${collaboration[1]} Collaboration`)
      continue
    }
    // An institution after the names is dropped ("Andrew Baumann, Microsoft Research"); one
    // before them makes the line an affiliation ("School of Pure and Applied Sciences, …").
    if (INSTITUTION.test(part)) {
      if (names.length === 0) return []
      continue
    }
    if (looksLikeName(part)) names.push(part)
    else others++
  }
  // A line of names may hold a glued or foreign one; a line of places ("Highfield, Southampton
  // SO17 1BJ, UK") is mostly not names.
  return names.length > 0 && names.length >= 2 * others ? names : []
}

/** "COLLMAN" → "Collman"; mixed-case names are kept. */
function unshout(name: string): string {
  if (!/\p{Lu}{2}/u.test(name) || /\p{Ll}/u.test(name)) return name
  return name.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase())
}

/** A printed name ("Ann Smith", "CL Chei", "XIN HE") → a person, all-caps names in title case. */
function printedPerson(part: string): Person | null {
  if (part.endsWith(' Collaboration')) return { family: part, given: '' }
  // "XIN HE": a shouted name is given-name-first like any other, not Vancouver's "Gal AB".
  const person = parsePerson(/\p{Ll}/u.test(part) ? part : unshout(part))
  if (!person) return null
  // "CL Chei": capital initials stay as printed.
  return { family: unshout(person.family), given: /^\p{Lu}{2,3}$/u.test(person.given) ? person.given : unshout(person.given) }
}

/** "Ann Smith1, Bo Li2 and Carla de la Cruz3", "Andrew Baumann, Microsoft Research" → people. */
export function authorLineNames(text: string): Person[] {
  return authorLineParts(text)
    .map(printedPerson)
    .filter((p): p is Person => p !== null)
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

type CitationLine = { journal: string; volume: string | null; issue: string | null; pages: string | null; year: number | null }

const dash = (a: string, b?: string | null) => (b ? `${a}–${b}` : a)

/**
 * The paper's own citation as the publisher prints it on the first page, beyond the journal line
 * of `journalFromText`:
 *   PNAS      "17230–17235 | PNAS | December 2, 2014 | vol. 111 | no. 48"
 *   BMC       "Datta et al. Journal of Trauma Management & Outcomes 2010, 4:1"
 *   PeerJ…    "How to cite this article Webb et al. (2017), <title>. PeerJ Comput. Sci. 3:e118; DOI …"
 */
export function citationLineFromText(lines: TextLine[]): CitationLine | null {
  const first = lines.filter((l) => l.page === Math.min(...lines.map((x) => x.page)))
  for (const line of first) {
    const parts = line.text.split(/\s*\|\s*/)
    if (parts.length < 4) continue
    let volume: string | null = null
    let issue: string | null = null
    let pages: string | null = null
    let journal: string | null = null
    let year: number | null = null
    for (const part of parts) {
      const vol = /^vol(?:ume|\.)?\s*(\d+)\b/i.exec(part)
      const no = /^(?:no|issue)\.?\s*(\d+)\b/i.exec(part)
      const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part)
      if (vol) volume = vol[1]
      else if (no) issue = no[1]
      else if (range) pages = dash(range[1], range[2])
      else if (/\b(?:19|20)\d\d\b/.test(part) && year === null) year = yearFrom(part)
      else if (!journal && /^\p{L}[\p{L} .&-]{1,60}$/u.test(part) && !/www|http/i.test(part)) journal = part.trim()
    }
    if (journal && volume) return { journal, volume, issue, pages, year }
  }
  for (const line of marginLines(first)) {
    const bmc = /^(?:\p{Lu}[\p{L}'’-]+(?:\s+(?:et al\.?|and\s+\p{Lu}[\p{L}'’-]+))\s+)(\p{Lu}[\p{L}&'’ .-]{3,100}?)\s+((?:19|20)\d\d)\s*,\s*(\d+)(?:\s*\((\w+)\))?\s*:\s*(e?\d+)\s*(?:http\S*)?$/u.exec(line.text)
    if (bmc) return { journal: bmc[1].trim(), year: Number(bmc[2]), volume: bmc[3], issue: bmc[4] ?? null, pages: bmc[5] }
    // Elsevier: "Journal of Informetrics 8 (2014) 1–12".
    const elsevier = /^(\p{Lu}[\p{L}&'’ .,:-]{3,100}?)\s+(\d{1,4})\s*\(((?:19|20)\d\d)\)\s*(\d+)\s*[–-]\s*(\d+)\s*$/u.exec(line.text)
    if (elsevier) return { journal: elsevier[1].trim(), volume: elsevier[2], year: Number(elsevier[3]), issue: null, pages: dash(elsevier[4], elsevier[5]) }
    // Hindawi: "Journal of Sensors, Volume 2014, Article ID 123456, 8 pages" (the volume is the year).
    const hindawi = /^(\p{Lu}[\p{L}&'’ .:-]{3,100}?),\s*Volume\s+(\d+),\s*Article\s+ID\s+(\w+)/u.exec(line.text)
    if (hindawi) return { journal: hindawi[1].trim(), volume: hindawi[2], issue: null, pages: hindawi[3], year: /^(?:19|20)\d\d$/.test(hindawi[2]) ? Number(hindawi[2]) : null }
    // Springer: "Scientometrics (2014) 98:1234–1245", "Eur J Epidemiol (2014) 29(3):1–10".
    const springer = /^(\p{Lu}[\p{L}&'’ .,-]{2,100}?)\s*\(((?:19|20)\d\d)\)\s*(\d+)(?:\s*\((\w+)\))?\s*:\s*(e?\d+)(?:\s*[–-]\s*(\d+))?\s*$/u.exec(line.text)
    if (springer) return { journal: springer[1].trim(), year: Number(springer[2]), volume: springer[3], issue: springer[4] ?? null, pages: dash(springer[5], springer[6]) }
  }
  const acm = acmReferenceFormat(first)
  if (acm) return acm
  const citeAt = first.findIndex((l) => /^(?:How to cite this article|Cite this article(?: as)?:?|Citation:)/i.test(l.text))
  if (citeAt >= 0) {
    const text = first.slice(citeAt, citeAt + 4).map((l) => l.text).join(' ')
    const match = /\.\s+(\p{Lu}[^:;()]*?)\s+(\d+)\s*(?:\((\w+)\))?\s*:\s*(e?\d+(?:\s*[–-]\s*\d+)?)/u.exec(text)
    if (match) return { journal: match[1].trim(), volume: match[2], issue: match[3] ?? null, pages: match[4].replace(/\s*[–-]\s*/, '–'), year: yearFrom(/\(((?:19|20)\d\d)\)/.exec(text)?.[1] ?? null) }
  }
  return null
}

/**
 * ACM's "ACM Reference Format:" block: "A. Author and B. Author. 2021. Title. In Proceedings of
 * the 30th … (CIKM ’21), November 1–5, 2021, … ACM, New York, NY, USA, 5 pages. https://doi…" or
 * "… 2018. Title. ACM Trans. Graph. 37, 4, Article 1 (August 2018), 12 pages. …".
 */
export function acmReferenceFormat(lines: TextLine[]): CitationLine | null {
  const at = lines.findIndex((l) => /^ACM Reference Format:?/i.test(l.text))
  if (at < 0) return null
  const block: string[] = []
  for (const line of lines.slice(at, at + 8)) {
    block.push(line.text)
    if (/doi\.org|\bpages\.|\bpages\b\s*$/i.test(line.text)) break
  }
  const text = block.join(' ').replace(/^ACM Reference Format:?\s*/i, '').replace(/(\p{Ll})- (\p{Ll})/gu, '$1$2').replace(/\s+/g, ' ')
  const dated = /\.\s((?:19|20)\d\d)\.\s(.+)$/u.exec(text)
  if (!dated) return null
  const year = Number(dated[1])
  const rest = dated[2]
  const proceedings = /\.\sIn\s(.+?)(?:\s\([^)]*['’‘]\d\d\)|,\s(?:January|February|March|April|May|June|July|August|September|October|November|December)\b)/u.exec(rest)
  if (proceedings) return { journal: proceedings[1].trim(), volume: null, issue: null, pages: null, year }
  const journal = /\.\s(\p{Lu}[^,]*?)\s(\d+),\s(\w+),\s(?:Article\s(\w+)\s)?\(/u.exec(rest)
  if (journal) return { journal: journal[1].trim(), volume: journal[2], issue: journal[3], pages: journal[4] ?? null, year }
  return { journal: '', volume: null, issue: null, pages: null, year }
}

/** Lines in the top 12 % or bottom 20 % of the page: where banners, footers and venue lines sit. */
function marginLines(lines: TextLine[]): TextLine[] {
  const first = lines.filter((l) => l.page === Math.min(...lines.map((x) => x.page)))
  if (first.length === 0) return []
  const top = Math.max(...first.map((l) => l.y))
  const bottom = Math.min(...first.map((l) => l.y))
  const span = Math.max(top - bottom, 1)
  return first.filter((l) => l.y >= top - 0.12 * span || l.y <= bottom + 0.2 * span)
}

/** "Published 5 June 2017", "approved October 3, 2014 (received for review June 2, 2014)". */
export function publicationDateYear(text: string): number | null {
  for (const word of ['published(?: online)?', 'accepted|approved', 'received(?: for review)?', 'dated']) {
    const match = new RegExp(`\\b(?:${word})\\b[:\\s]*(?:on\\s+)?[^\\n]{0,25}?\\b((?:19|20)\\d\\d)\\b`, 'i').exec(text)
    if (match) return Number(match[1])
  }
  return null
}

/** A venue line in the page margins: "SPAA’04, June 27–30, 2004", "To appear in OSDI 2006", "Proceedings of … (ICML-2003), … 2003". */
export function venueYear(lines: TextLine[]): number | null {
  for (const line of marginLines(lines)) {
    const text = line.text
    if (/(?:©|\(c\)|\bcopyright\b)/i.test(text)) continue
    const venue = /\b(?:proceedings|proc\.|conference|symposium|workshop|meeting|congress|to appear|appeared|accepted (?:at|to|for)|presented at)\b/i.test(text)
    const acronym = /\b\p{Lu}[\p{Lu}\p{Ll}-]{1,12}\s?['’‘](\d\d)\b/u.exec(text)
    const full = /\b((?:19|20)\d\d)\b/.exec(text)
    if ((venue || acronym) && full) return Number(full[1])
    if (acronym) return Number(acronym[1]) + (Number(acronym[1]) > 50 ? 1900 : 2000)
  }
  return null
}

/** "© 2017 ACM", "Copyright 2004 ACM", "©2011 IEEE" — in the margins only. */
function copyrightYear(lines: TextLine[]): number | null {
  for (const line of marginLines(lines)) {
    const match = /(?:©|\(c\)|\bc©|\bcopyright\b)\s*(?:\D{0,12}?)((?:19|20)\d\d)\b/i.exec(line.text)
    if (match) return Number(match[1])
  }
  return null
}

/** The lines of the front pages before a reference-list heading (a DOI after it is a cited work's). */
function beforeReferences(lines: TextLine[]): TextLine[] {
  const at = lines.findIndex((l) => /^(?:\d+\.?\s*)?(references|bibliography|literature cited|works cited|referencias|referências|bibliografia|literatur|bibliographie)\s*$/i.test(l.text.trim()))
  return at < 0 ? lines : lines.slice(0, at)
}

/** "1412.6206" → 2014, "hep-th/9901001" → 1999. */
export function arxivYear(id: string | null): number | null {
  const yy = id ? (/^(\d\d)\d\d\./.exec(id) ?? /\/(\d\d)\d{5}$/.exec(id)) : null
  if (!yy) return null
  const n = Number(yy[1])
  return n >= 91 ? 1900 + n : 2000 + n
}

/** A DOI broken at a line end after a dot, slash or hyphen ("…doi.org/10.1145/3459637.⏎3482156") is one DOI. */
export function joinBrokenDois(text: string): string {
  return text.replace(/(10\.\d{4,9}\/\S*[./-])\n(?=[\da-z])/g, '$1')
}

function plausibleYear(year: number | null): number | null {
  return year !== null && year >= 1800 && year <= new Date().getUTCFullYear() + 1 ? year : null
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
  const ownLines = beforeReferences(frontLines)
  const frontText = ownLines.map((l) => l.text).join('\n')
  // The title and author block from page 1's text items: rotated margin text left out and
  // superscript markers kept apart from the names. The front lines when that fails.
  const firstPage = Math.min(...frontLines.map((l) => l.page), Number.POSITIVE_INFINITY)
  const headerPage = Number.isFinite(firstPage) ? firstPage : 1
  let header = await firstPageHeaderLines(doc, headerPage)
  if (header.length === 0) header = frontLines.filter((l) => l.page === headerPage)

  const cover = coverPageRecord(frontLines)
  const titleCandidates = [cover?.title ?? null, xmpString(xmp, 'dc:title'), infoString('Title')]
  const textTitle = titleFromText(header) ?? titleFromText(frontLines)
  let title = titleCandidates.find(isPlausibleTitle) ?? null
  // A metadata title that appears nowhere on the first pages is probably wrong (a template's).
  const metadataTitleTrusted = title !== null && normalised(frontText).includes(normalised(title).slice(0, 40))
  if (title && textTitle && !metadataTitleTrusted) title = textTitle
  title ??= textTitle

  const authorNames = xmpList(xmp, 'dc:creator')
  const infoAuthor = infoString('Author')
  let authors = parsePersonList(cover?.authors ?? (authorNames.length > 0 ? authorNames.join('; ') : (infoAuthor ?? ''))).filter(
    (p) => isPlausibleAuthor(`${p.given} ${p.family}`) && !INSTITUTION.test(`${p.given} ${p.family}`),
  )
  if (!cover) {
    // The names printed under the title outvote metadata whose first author the page does not print there.
    const printed = authorsFromText(header, title)
      .map(printedPerson)
      .filter((p): p is Person => p !== null)
    const headerFolded = normalised(header.map((l) => l.text).join(' '))
    const metadataPrinted = authors.length > 0 && headerFolded.includes(normalised(authors[0].family))
    // Metadata that names fewer people than the page (Info `Author` holds the first only) loses too.
    if (printed.length > 0 && !(metadataPrinted && authors.length >= printed.length && printed.some((p) => normalised(p.family) === normalised(authors[0].family)))) authors = printed
    else if (!metadataPrinted) authors = printed
  }
  const journalLine = cover ? null : (journalFromText(frontLines) ?? citationLineFromText(frontLines))

  // DOI: the publisher's XMP, the page's margins (where the publisher prints it; a DOI in the
  // body cites another work), the rest of the page (never after a reference heading), then the Info
  // dictionary's subject or keywords when its title is the page's.
  const infoTitleTrusted = isPlausibleTitle(infoString('Title')) && title !== null && normalised(infoString('Title') ?? '') === normalised(title)
  const doi =
    [xmpString(xmp, 'prism:doi'), xmpString(xmp, 'dc:identifier'), infoString('doi'), joinBrokenDois(marginLines(ownLines).map((l) => l.text).join('\n')), joinBrokenDois(frontText), infoTitleTrusted ? infoString('Subject') : null, infoTitleTrusted ? infoString('Keywords') : null]
      .map((v) => (v ? doiFromText(v) : null))
      .find((v) => v !== null) ?? null
  const arxivId = arxivFromText(frontText)
  const publisherDate = yearFrom(xmpString(xmp, 'prism:coverdate') ?? xmpString(xmp, 'prism:coverDate') ?? xmpString(xmp, 'prism:publicationdate') ?? xmpString(xmp, 'prism:publicationDate'))
  // Year, most trustworthy first: the citation as printed, the publisher's dates, the venue line,
  // the arXiv identifier, then a copyright line (templates carry last year's), then the file's
  // creation date.
  const year =
    cover?.year ??
    plausibleYear(journalLine?.year ?? null) ??
    plausibleYear(publisherDate) ??
    plausibleYear(publicationDateYear(frontText)) ??
    plausibleYear(venueYear(ownLines)) ??
    arxivYear(arxivId) ??
    plausibleYear(copyrightYear(ownLines)) ??
    plausibleYear(yearFrom(infoString('CreationDate')?.replace(/^D:/, '').slice(0, 4) ?? null))

  const startPage = xmpString(xmp, 'prism:startingpage') ?? xmpString(xmp, 'prism:startingPage')
  const endPage = xmpString(xmp, 'prism:endingpage') ?? xmpString(xmp, 'prism:endingPage')
  return {
    title: title?.replace(/\s+/g, ' ').trim() ?? null,
    authors,
    year,
    journal: cover?.journal ?? xmpString(xmp, 'prism:publicationname') ?? xmpString(xmp, 'prism:publicationName') ?? (journalLine?.journal || null),
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
