/**
 * The bibliographic records the new writers share: the paper itself and the works it cites that
 * the user highlighted as a Reference, as CSL-JSON items (the engine's model), with stable
 * citation keys and the short "Author, year" citation the batch files use.
 */
import { parsePerson } from '../pdf/names.ts'
import { toCslItem } from '../pdf/styles.ts'
import type { CitationStyle, PaperMetadata, Reference } from '../pdf/types.ts'
import { entryQuotedBy, type NoteAnnotation } from './model.ts'

export interface OutputAnnotation extends NoteAnnotation {
  color: string | null
}

/** One document as the writers of notes.md, references.bib/.ris, annotations.csv and the batch files need it. */
export interface OutputDocument {
  id: string
  filename: string
  title: string
  citation: string
  style: CitationStyle
  metadata: PaperMetadata
  annotations: OutputAnnotation[]
  references: Reference[]
  /** The colours the engine found, sorted by hue, with the category the user gave each. */
  categories: string[]
}

export interface CslName {
  family: string
  given?: string
}

export interface CslItem {
  id: string
  type: string
  title?: string
  author?: CslName[]
  issued?: { 'date-parts': (number | string)[][] }
  'container-title'?: string
  volume?: string
  issue?: string
  page?: string
  DOI?: string
  URL?: string
  publisher?: string
  number?: string
  arxivId?: string
}

export const REFERENCE_CATEGORY = 'Reference'

const STOP_WORDS = new Set(
  'a an the on of in for and to with from by at as is are towards toward into via using about der die das ein eine und zur zum von le la les un une des du et'.split(' '),
)

const LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', Þ: 'Th', ı: 'i' }

function ascii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßøØæÆœŒłŁđĐþÞı]/g, (c) => LETTERS[c])
    .replace(/[^A-Za-z0-9]/g, '')
}

/** The usual `authorYearTitleword` key: "smith2020Deep". */
export function baseCitationKey(item: CslItem): string {
  const family = ascii(item.author?.[0]?.family ?? '').toLowerCase() || 'anon'
  const year = item.issued?.['date-parts']?.[0]?.[0] ?? ''
  const word = (item.title ?? '').split(/[\s\-–—:/]+/).map(ascii).find((w) => w.length > 0 && !STOP_WORDS.has(w.toLowerCase())) ?? ''
  return `${family}${year}${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`
}

export function metadataItem(metadata: Partial<PaperMetadata>, id: string): CslItem {
  const item = toCslItem(metadata, id) as unknown as CslItem
  if (metadata.doi) item.URL = metadata.url ?? `https://doi.org/${metadata.doi}`
  if (metadata.arxivId) item.arxivId = metadata.arxivId
  if (!item.URL && metadata.arxivId) item.URL = `https://arxiv.org/abs/${metadata.arxivId}`
  return item
}

export function referenceItem(reference: Reference, id: string): CslItem {
  return metadataItem(
    {
      title: reference.title,
      authors: reference.authors.map(parsePerson).filter((p) => p !== null),
      year: reference.year,
      journal: reference.container,
      doi: reference.doi,
      url: reference.url,
      arxivId: reference.arxivId,
    },
    id,
  )
}

/** The paper's own record; without a title in its metadata, its file name stands in. */
export function paperItem(document: OutputDocument): CslItem {
  return metadataItem({ ...document.metadata, title: document.metadata.title || document.title }, document.id)
}

/** The reference-list entries the Reference highlights name (in-text citations, else the entry a highlight quotes), once each. */
export function citedReferences(document: OutputDocument): Reference[] {
  const seen = new Set<number>()
  const out: Reference[] = []
  const add = (reference: Reference | null | undefined) => {
    if (!reference || seen.has(reference.index) || !reference.title) return
    seen.add(reference.index)
    out.push(reference)
  }
  for (const annotation of document.annotations) {
    if (annotation.categoryName !== REFERENCE_CATEGORY) continue
    const matched = annotation.citations.filter((c) => c.referenceIndex !== null)
    for (const citation of matched) add(document.references[citation.referenceIndex as number])
    if (matched.length === 0) add(entryQuotedBy(annotation.text ?? annotation.comment ?? '', document.references))
  }
  return out
}

/** The paper first, then the works it cites, each with a citation key unique within the file. */
export function bibliographyItems(document: OutputDocument): CslItem[] {
  const items = [paperItem(document), ...citedReferences(document).map((r) => referenceItem(r, `ref-${r.index}`))]
  const used = new Map<string, number>()
  for (const item of items) {
    const base = baseCitationKey(item)
    const n = used.get(base) ?? 0
    used.set(base, n + 1)
    item.id = n === 0 ? base : `${base}${String.fromCharCode(96 + n)}`
  }
  return items
}

export function itemYear(item: CslItem): string | null {
  const year = item.issued?.['date-parts']?.[0]?.[0]
  return year === undefined ? null : String(year)
}

/** "Smith, 2020", "Smith & Lee, 2020", "Smith et al., 2020"; the title stands in for missing authors. */
export function shortCitation(document: OutputDocument, noDate = 'n.d.'): string {
  const authors = document.metadata.authors ?? []
  const year = document.metadata.year ? String(document.metadata.year) : noDate
  let who: string
  if (authors.length === 0) who = (document.metadata.title || document.title).slice(0, 60)
  else if (authors.length === 1) who = authors[0].family
  else if (authors.length === 2) who = `${authors[0].family} & ${authors[1].family}`
  else who = `${authors[0].family} et al.`
  return `${who}, ${year}`
}

/** A tag-safe slug ("Key finding" → "key-finding"), for Obsidian tags and file names. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'untitled'
  )
}
