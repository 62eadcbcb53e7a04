/**
 * Labelled spans of a reference string → CSL-JSON. Rules where rules are right: DOIs, URLs and
 * arXiv ids by pattern over the whole entry, page ranges normalised, the year taken from the
 * date, the work type from which fields are present.
 */
import { parseNameList, type ListedName } from '../names.ts'
import type { Label } from './labels.ts'

export type CslName = { family: string; given?: string; suffix?: string }
export type CslItem = {
  type: 'article-journal' | 'paper-conference' | 'chapter' | 'book' | 'thesis' | 'report' | 'webpage' | 'article'
  author?: CslName[]
  editor?: CslName[]
  title?: string
  'container-title'?: string
  'collection-title'?: string
  volume?: string
  issue?: string
  page?: string
  issued?: { 'date-parts': number[][] }
  DOI?: string
  URL?: string
  publisher?: string
  'publisher-place'?: string
  number?: string
  genre?: string
}

export type Span = { label: Label; text: string }

const CONTAINER_LABELS = new Set<Label>(['journal', 'booktitle'])
const count = (text: string, char: string) => text.split(char).length - 1

/**
 * Consecutive tokens with one label, with the text between them as printed. A journal and a
 * book title next to each other are one container ("ACM Transactions on" + "Programming
 * Languages…"); a span that opened a parenthesis takes the closing one that follows it.
 */
export function spansOf(text: string, tokens: { start: number; end: number; label: Label }[]): Span[] {
  const runs: { label: Label; start: number; end: number }[] = []
  for (const token of tokens) {
    const last = runs[runs.length - 1]
    if (last && last.label === token.label) last.end = token.end
    else if (last && CONTAINER_LABELS.has(last.label) && CONTAINER_LABELS.has(token.label) && text.slice(last.end, token.start).trim() === '') last.end = token.end
    else runs.push({ label: token.label, start: token.start, end: token.end })
  }
  for (const run of runs) {
    const value = text.slice(run.start, run.end)
    if (run.label !== 'other' && count(value, '(') > count(value, ')') && text[run.end] === ')') run.end++
  }
  return runs.filter((r) => r.label !== 'other').map((r) => ({ label: r.label, text: text.slice(r.start, r.end) }))
}

const trimPunctuation = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.;:([{“"'‘«]+|[\s,;:([{“”"'‘’«»]+$/g, '')
    .replace(/(\p{Ll}{2}|\p{Lu}{2}|\d)\.$/u, '$1')
    .replace(/^[)\]}]+|[\s,;:]+$/g, '')
    .trim()

export function cleanTitle(text: string): string {
  let title = trimPunctuation(text)
  // A quoted title keeps its own question mark, loses the comma inside the quotes.
  title = title.replace(/[,.]$/, (m) => (/\p{Lu}\.$/u.test(title) ? m : '')).trim()
  if (/^\(.*\)$/.test(title)) title = title.slice(1, -1)
  return title.replace(/\)$/, (m) => (title.includes('(') ? m : ''))
}

export function cleanContainer(text: string): string {
  return trimPunctuation(text.replace(/^\s*(?:in|en|dans|im)\s*:?\s+(?=\S)/i, ''))
    .replace(/^(?:in|en)\s*:\s*/i, '')
    .trim()
}

export function cleanNumber(text: string, prefix: RegExp): string {
  return trimPunctuation(text.replace(prefix, ''))
    .replace(/^[([]+|[)\]]+$/g, '')
    .trim()
}

/** "pp. 265–70" → "265-270"; "e1002", "S12–S18", "123ff" kept as printed. */
export function normalisePages(text: string): string {
  let cleaned = cleanNumber(text, /^\s*(?:pp?\s*\.?|pages?|s\.|seiten|pgs?\.?)\s*/i).replace(/\s*[-‐‑‒–—−]+\s*/g, '-')
  // Words after the pages ("642-653 DOI 10") are not pages.
  const [head, ...rest] = cleaned.split(/\s+/)
  if (rest.length > 0 && /\p{L}{2,}/u.test(rest.join(' ')) && /\d/.test(head)) cleaned = head.replace(/[,;.]+$/, '')
  const range = /^([A-Za-z]*)(\d+)-([A-Za-z]*)(\d+)$/.exec(cleaned)
  if (range) {
    const [, p1, a, p2, b] = range
    // An abbreviated end ("2450-52") takes the start's leading digits.
    const end = b.length < a.length && !p2 ? a.slice(0, a.length - b.length) + b : b
    return `${p1}${a}-${p2 || p1}${end}`
  }
  return cleaned
}

export function yearOf(text: string): number | null {
  const match = /(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)/.exec(text)
  return match ? Number(match[1]) : null
}

export function cleanDoi(text: string): string | null {
  const match = /\b(10\.\d{4,9}\/\S+)/.exec(text.replace(/\s+/g, ''))
  if (!match) return null
  // A DOI glued to what follows it ("….2863.URL http…", "…2863.PMID").
  let doi = match[1].replace(/\.?(?:URL|PMID|PMCID|http|https|arXiv|ISSN|ISBN)[:.]?.*$/, '')
  doi = doi.replace(/[.,;\]}>]+$/, '')
  // A closing parenthesis belongs to the DOI only when the DOI opened one.
  while (doi.endsWith(')') && (doi.match(/\(/g)?.length ?? 0) < (doi.match(/\)/g)?.length ?? 0)) doi = doi.slice(0, -1).replace(/[.,;]+$/, '')
  return doi
}

const DOI_IN_TEXT = /\b(?:doi\s*:?\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/[^\s"<>]+)/i
const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;)\]]/i
const ARXIV_IN_TEXT = /\barxiv\s*:?\s*((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?)|\b((?:hep|astro|cond|gr|math|nucl|quant|physics|nlin)[a-z.-]*\/\d{7})|arxiv\.org\/abs\/([\w./-]+?)(?:v\d+)?(?=[\s.,;]|$)/i

export type ParsedFields = {
  authors: ListedName[]
  etAl: boolean
  editors: ListedName[]
  title: string | null
  container: string | null
  series: string | null
  volume: string | null
  issue: string | null
  pages: string | null
  year: number | null
  doi: string | null
  url: string | null
  arxivId: string | null
  publisher: string | null
  location: string | null
  institution: string | null
  note: string | null
}

const nonEmpty = (s: string | null) => s || null

/** Field values from labelled spans (the same for the model's spans and for gold spans in the evaluation). */
export function fieldsFromSpans(spans: Span[]): ParsedFields & { labels: Set<Label> } {
  const all = (label: Label) => spans.filter((s) => s.label === label).map((s) => s.text)
  const first = (label: Label) => spans.find((s) => s.label === label)?.text ?? null
  // The authors are the author spans before the title or container (a later "author" is a
  // mislabelled piece of a journal name or an institution); with none before, the first one.
  const headEnd = spans.findIndex((s) => s.label === 'title' || s.label === 'journal' || s.label === 'booktitle')
  const authorSpans = spans.filter((s, i) => s.label === 'author' && (headEnd < 0 || i < headEnd)).map((s) => s.text)
  const authors = parseNameList((authorSpans.length > 0 ? authorSpans : all('author').slice(0, 1)).join(', '))
  const collaboration = first('collaboration')
  if (authors.names.length === 0 && collaboration) authors.names.push({ raw: collaboration, family: trimPunctuation(collaboration), given: '' })
  const editors = parseNameList(all('editor').join(', '))
  const title = first('title')
  const container = first('journal') ?? first('booktitle')
  const date = all('date').join(' ')
  const doi = first('doi')
  const url = first('url')
  const arxiv = first('arxiv')
  return {
    authors: authors.names,
    etAl: authors.etAl,
    editors: editors.names,
    title: title ? nonEmpty(cleanTitle(title)) : null,
    container: container ? nonEmpty(cleanContainer(container)) : null,
    series: nonEmpty(trimPunctuation(first('series') ?? '')),
    volume: nonEmpty(cleanNumber(first('volume') ?? '', /^\s*(?:vol(?:ume)?s?\.?|bd\.?|t\.|v\.)\s*/i)),
    issue: nonEmpty(cleanNumber(first('issue') ?? '', /^\s*(?:nos?\.?|nr\.?|n[°º]\.?|issue|number|num\.?|#)\s*/i).replace(/\s*[-‐‑‒–—]\s*/g, '-')),
    pages: nonEmpty(normalisePages(first('pages') ?? '')),
    year: yearOf(date),
    doi: doi ? cleanDoi(doi) : null,
    url: url ? (URL_IN_TEXT.exec(url)?.[0] ?? (/^(?:https?|ftp)\s*:|^www\.|\.(?:com|org|net|edu|gov|io|int)\b/i.test(url.trim()) ? trimPunctuation(url) : null)) : null,
    arxivId: arxiv ? (ARXIV_IN_TEXT.exec(arxiv)?.slice(1).find(Boolean) ?? trimPunctuation(arxiv.replace(/^arxiv\s*:?\s*/i, ''))) : null,
    publisher: nonEmpty(trimPunctuation(first('publisher') ?? '')),
    location: nonEmpty(trimPunctuation(first('location') ?? '')),
    institution: nonEmpty(trimPunctuation(first('institution') ?? '')),
    note: nonEmpty(trimPunctuation([...all('tech'), ...all('note')].join('; '))),
    labels: new Set(spans.map((s) => s.label)),
  }
}

/** The pattern rules over the whole entry: DOI, URL, arXiv id, a year when the model missed the date. */
export function applyRules<T extends ParsedFields>(fields: T, raw: string): T {
  const doi = DOI_IN_TEXT.exec(raw)
  if (doi) fields.doi = cleanDoi(doi[1])
  const url = URL_IN_TEXT.exec(raw)
  if (url && !fields.url) fields.url = url[0]
  const arxiv = ARXIV_IN_TEXT.exec(raw)
  if (arxiv) fields.arxivId = arxiv.slice(1).find(Boolean) ?? fields.arxivId
  if (fields.year === null) {
    const years = [...raw.matchAll(/(?<![\d./:–-])(1[5-9]\d\d|20\d\d)[a-z]?(?![\d–-])/g)]
    if (years.length > 0) fields.year = Number(years[years.length - 1][1])
  }
  return fields
}

const PROCEEDINGS = /\b(?:advances in neural information processing|proc(?:eedings)?|conf(?:erence)?|symposium|workshop|meeting|congress|colloquium|annual\s+(?:acm|ieee)|tagung|actes|anais|memorias|congreso)\b/i

export function workType(fields: ParsedFields & { labels: Set<Label> }, raw: string): CslItem['type'] {
  const text = `${fields.note ?? ''} ${fields.title ?? ''} ${fields.container ?? ''} ${raw}`
  const preprint = /\barxiv\b|\bbiorxiv\b|\bmedrxiv\b|\bssrn\b|\bpreprint\b/i
  // A preprint only when it is one: an arXiv id (or a preprint server as container) and no journal.
  if ((fields.container && preprint.test(fields.container)) || (!fields.container && fields.arxivId && !fields.doi)) return 'article'
  if (/\b(?:tech(?:nical)?\.?\s*rep(?:ort)?\.?|report|rep\.|memo(?:randum)?|working paper|white paper|TR[-\s]?\d)/i.test(`${fields.note ?? ''} ${fields.container ?? ''}`)) return 'report'
  if (/\b(?:ph\.?\s?d\.?|doctoral|master'?s|m\.?\s?sc\.?|diploma)\s+(?:thesis|dissertation)|\b(?:thesis|dissertation|tesis|tese|doktorarbeit)\b/i.test(text)) return 'thesis'
  if (fields.container) {
    if (PROCEEDINGS.test(fields.container)) return 'paper-conference'
    // A part of a book with editors or a publisher is a chapter; otherwise a proceedings paper.
    if (fields.labels.has('booktitle')) return fields.editors.length > 0 || fields.publisher ? 'chapter' : 'paper-conference'
    return 'article-journal'
  }
  if (fields.url && !fields.doi && !fields.publisher) return 'webpage'
  // No container: a book (with or without its publisher printed).
  if (fields.title || fields.publisher || fields.location || fields.institution) return 'book'
  return 'article-journal'
}

function cslName(name: ListedName): CslName {
  return { family: name.family, ...(name.given ? { given: name.given } : {}), ...(name.suffix ? { suffix: name.suffix } : {}) }
}

export function toCsl(fields: ParsedFields & { labels: Set<Label> }, raw: string): CslItem {
  const type = workType(fields, raw)
  const item: CslItem = { type }
  if (fields.authors.length > 0) item.author = fields.authors.map(cslName)
  if (fields.editors.length > 0) item.editor = fields.editors.map(cslName)
  if (fields.title) item.title = type === 'thesis' ? fields.title.replace(/\s*[([](?:unpublished\s+)?(?:doctoral|ph\.?\s?d\.?|master'?s?)\s+(?:dissertation|thesis)[^)\]]*[)\]]$/i, '') : fields.title
  if (fields.container) item['container-title'] = fields.container
  else if (type === 'thesis' && fields.institution) item.publisher = fields.institution
  if (fields.series) item['collection-title'] = fields.series
  if (fields.volume) item.volume = fields.volume
  if (fields.issue) item.issue = fields.issue
  if (fields.pages) item.page = fields.pages
  if (fields.year) item.issued = { 'date-parts': [[fields.year]] }
  if (fields.doi) item.DOI = fields.doi
  if (fields.url) item.URL = fields.url
  if (fields.publisher) item.publisher = fields.publisher
  else if (fields.institution && type !== 'article-journal') item.publisher = fields.institution
  if (fields.location) item['publisher-place'] = fields.location
  if (type === 'article' && fields.arxivId) {
    item.number = `arXiv:${fields.arxivId}`
    item.publisher ??= 'arXiv'
  }
  if (type === 'report' && fields.note) item.number = fields.note
  if (type === 'thesis') item.genre = /\bmaster/i.test(raw) ? "Master's thesis" : 'PhD thesis'
  return item
}
