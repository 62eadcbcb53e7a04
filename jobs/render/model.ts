import { bestLink } from '../pdf/citations.ts'
import { parsePersonList } from '../pdf/names.ts'
import { bareDoi, formatInText, formatItem, toCslItem, type CslInput } from '../pdf/styles.ts'

export { formatInText }
import type { CitationStyle, InTextCitation, Reference } from '../pdf/types.ts'

/** One stored annotation as the writers need it. */
export interface NoteAnnotation {
  id: string
  type: string
  page: number
  pageLabel: string | null
  text: string | null
  comment: string | null
  categoryName: string | null
  categoryOrder: number | null
  citations: InTextCitation[]
  /** The highlight's colour (`#rrggbb`), which the Word notes shade it with. */
  color?: string | null
}

export interface NotesInput {
  title: string
  citation: string
  style: CitationStyle
  annotations: NoteAnnotation[]
  references: Reference[]
}

export interface CategoryGroup {
  name: string
  items: NoteAnnotation[]
}

/** Highlights grouped by category in category order; comments that stand alone come separately. */
export function groupNotes(input: NotesInput): { groups: CategoryGroup[]; standaloneComments: NoteAnnotation[] } {
  const categorized = input.annotations
    .filter((a) => a.categoryName !== null && a.text)
    .sort((a, b) => (a.categoryOrder ?? 0) - (b.categoryOrder ?? 0) || a.page - b.page)
  const groups: CategoryGroup[] = []
  for (const annotation of categorized) {
    const last = groups.at(-1)
    if (last?.name === annotation.categoryName) last.items.push(annotation)
    else groups.push({ name: annotation.categoryName as string, items: [annotation] })
  }
  const standaloneComments = input.annotations.filter((a) => !a.text && a.comment)
  return { groups, standaloneComments }
}

/** The paper's own title from its header record; its file name (without .pdf) when the PDF names none. */
export function paperTitle(metadata: { title?: unknown } | null, filename: string): string {
  const title = typeof metadata?.title === 'string' ? metadata.title.trim() : ''
  return title || filename.replace(/\.pdf$/i, '')
}

export function pageLabel(annotation: Pick<NoteAnnotation, 'page' | 'pageLabel'>): string {
  return annotation.pageLabel ?? String(annotation.page)
}

/**
 * The CSL-JSON item of a reference-list entry: the engine's own item (`csl`, with its work type,
 * split names, container, volume, issue and pages); for extractions stored before it, one built
 * from the entry's fields. Null when there is nothing to cite.
 */
export function referenceItem(reference: Reference): CslInput | null {
  if (reference.csl) {
    // Without a title or container the parse failed; the entry as printed is better than a stub.
    if (!reference.csl.title && !reference.csl['container-title']) return null
    const item: Record<string, unknown> = { ...reference.csl }
    if (!item.DOI && reference.doi) item.DOI = reference.doi
    if (!item.URL && !item.DOI && reference.url) item.URL = reference.url
    return item
  }
  if (!reference.title) return null
  return toCslItem({
    title: reference.title,
    // The tagger's family/given split; older stored extractions only have the printed names.
    authors: reference.people ?? reference.authors.flatMap((name) => parsePersonList(name)),
    year: reference.year,
    journal: reference.container,
    volume: reference.volume ?? null,
    issue: reference.issue ?? null,
    pages: reference.pages ?? null,
    doi: reference.doi,
    url: reference.url,
    arxivId: reference.arxivId,
  })
}

/** A reference-list entry in the chosen style, falling back to its raw text when it cannot be parsed. */
export function formatReference(reference: Reference, style: CitationStyle): string {
  const item = referenceItem(reference)
  return (item && formatItem(item, style)) || reference.raw
}

const normalised = (text: unknown) => (typeof text === 'string' ? text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') : '')

const firstFamily = (i: Record<string, unknown>) => normalised((i.author as { family?: string }[] | undefined)?.[0]?.family)
const issuedParts = (i: Record<string, unknown>) => JSON.stringify((i.issued as { 'date-parts'?: unknown } | undefined)?.['date-parts'] ?? null)

/** Two entries for one work: the same DOI, or the same title, year and first author when either has no DOI. */
export function sameWork(a: Reference, b: Reference): boolean {
  const ia = referenceItem(a) as Record<string, unknown> | null
  const ib = referenceItem(b) as Record<string, unknown> | null
  const doiA = typeof ia?.DOI === 'string' ? bareDoi(ia.DOI) : a.doi ? bareDoi(a.doi) : ''
  const doiB = typeof ib?.DOI === 'string' ? bareDoi(ib.DOI) : b.doi ? bareDoi(b.doi) : ''
  if (doiA && doiB) return doiA === doiB
  if (!ia || !ib) return normalised(a.raw) !== '' && normalised(a.raw) === normalised(b.raw)
  return normalised(ia.title) !== '' && normalised(ia.title) === normalised(ib.title) && issuedParts(ia) === issuedParts(ib) && firstFamily(ia) === firstFamily(ib)
}

/** The entries with duplicates merged: the first of each work, its missing fields filled from the others. */
export function uniqueReferences(references: Reference[]): Reference[] {
  const kept: Reference[] = []
  for (const reference of references) {
    const index = kept.findIndex((k) => sameWork(k, reference))
    if (index < 0) {
      kept.push(reference)
      continue
    }
    const into = kept[index]
    const merged: Reference = { ...into }
    for (const key of Object.keys(reference) as (keyof Reference)[]) {
      if (merged[key] === null || merged[key] === undefined || (Array.isArray(merged[key]) && (merged[key] as unknown[]).length === 0)) {
        ;(merged as Record<string, unknown>)[key] = reference[key]
      }
    }
    if (into.csl && reference.csl) merged.csl = { ...reference.csl, ...into.csl }
    kept[index] = merged
  }
  return kept
}

export interface ResolvedReference {
  text: string
  url: string | null
  children: { text: string; url: string | null }[]
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])
}

/** The reference-list entry a highlighted passage reproduces, when it is mostly the same words. */
export function entryQuotedBy(text: string, references: Reference[]): Reference | null {
  const highlighted = words(text)
  if (highlighted.size < 3) return null
  let best: { reference: Reference; score: number } | null = null
  for (const reference of references) {
    const entry = words(reference.raw)
    let shared = 0
    for (const w of highlighted) if (entry.has(w)) shared++
    const score = shared / Math.min(highlighted.size, entry.size)
    if (!best || score > best.score) best = { reference, score }
  }
  return best && best.score >= 0.6 ? best.reference : null
}

function scholarSearch(text: string): string {
  return `https://scholar.google.com/scholar?q=${encodeURIComponent(text.slice(0, 300))}`
}

/**
 * A highlight categorized as Reference, resolved to the works it names: the in-text citations it
 * contains (several make a split reference with children), or else the reference-list entry it
 * quotes, or else its own text with a scholarly search link.
 */
export function resolveReference(annotation: NoteAnnotation, references: Reference[], style: CitationStyle): ResolvedReference {
  const text = annotation.text ?? annotation.comment ?? ''
  // Several citations of one work (or of two entries for one work) are one child.
  const works: Reference[] = []
  const cited: { text: string; url: string | null }[] = []
  for (const c of annotation.citations) {
    const entry = c.referenceIndex === null ? null : (references[c.referenceIndex] ?? null)
    if (!entry) {
      if (!cited.some((d) => d.text === c.text)) cited.push({ text: c.text, url: c.url })
      continue
    }
    if (works.some((w) => w === entry || sameWork(w, entry))) continue
    works.push(entry)
    cited.push({ text: formatReference(entry, style), url: c.url ?? bestLink(entry) })
  }
  if (cited.length > 1) return { text, url: null, children: cited }
  if (cited.length === 1) return { ...cited[0], children: [] }
  const quoted = entryQuotedBy(text, references)
  if (quoted) return { text: formatReference(quoted, style), url: bestLink(quoted), children: [] }
  return { text, url: scholarSearch(text), children: [] }
}
