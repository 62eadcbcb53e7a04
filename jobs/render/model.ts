import { bestLink } from '../pdf/citations.ts'
import { parsePersonList } from '../pdf/names.ts'
import { formatCitation } from '../pdf/styles.ts'
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

export function pageLabel(annotation: Pick<NoteAnnotation, 'page' | 'pageLabel'>): string {
  return annotation.pageLabel ?? String(annotation.page)
}

/** A reference-list entry in the chosen style, falling back to its raw text when it cannot be parsed. */
export function formatReference(reference: Reference, style: CitationStyle): string {
  const formatted = reference.title
    ? formatCitation(
        {
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
        },
        style,
      )
    : ''
  return formatted || reference.raw
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
  const cited = annotation.citations.map((c) => {
    const entry = c.referenceIndex === null ? null : (references[c.referenceIndex] ?? null)
    return entry ? { text: formatReference(entry, style), url: c.url ?? bestLink(entry) } : { text: c.text, url: c.url }
  })
  if (cited.length > 1) return { text, url: null, children: cited }
  if (cited.length === 1) return { ...cited[0], children: [] }
  const quoted = entryQuotedBy(text, references)
  if (quoted) return { text: formatReference(quoted, style), url: bestLink(quoted), children: [] }
  return { text, url: scholarSearch(text), children: [] }
}
