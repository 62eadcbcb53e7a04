/**
 * The Extraction contract (DESIGN.md §7). Everything here is plain JSON: no Dates, no
 * typed arrays, no class instances — the web app stores it as it is.
 */
import type { CslItem } from './refparse/csl.ts'

export type { CslItem } from './refparse/csl.ts'

export type CitationStyle = 'apa' | 'mla' | 'chicago' | 'harvard' | 'ieee' | 'vancouver'

export const CITATION_STYLES: readonly CitationStyle[] = ['apa', 'mla', 'chicago', 'harvard', 'ieee', 'vancouver']

/** A person's name split as CSL wants it; `given` may be empty for a mononym or an organisation. */
export type Person = { family: string; given: string }

export type PaperMetadata = {
  title: string | null
  authors: Person[]
  year: number | null
  /** Journal or proceedings title (CSL container-title). */
  journal: string | null
  volume: string | null
  issue: string | null
  pages: string | null
  doi: string | null
  url: string | null
  arxivId: string | null
}

export type AnnotationType =
  | 'highlight'
  | 'underline'
  | 'strikeout'
  | 'squiggly'
  | 'note'
  | 'freetext'
  | 'caret'
  | 'ink'
  | 'square'
  | 'circle'
  | 'polygon'
  | 'polyline'
  | 'line'
  | 'stamp'
  | 'fileattachment'

export type Reply = { author: string | null; comment: string; modified: string | null }

/** An in-text citation found inside a highlight's text. */
export type InTextCitation = {
  /** As printed, one citation ("Smith et al., 2020a" or "[4]"), split out of a group. */
  text: string
  /** Index into Extraction.references, or null when no entry matches well enough. */
  referenceIndex: number | null
  /** 0..1, how sure the match is (see docs/extraction.md). */
  confidence: number
  /** Best link: DOI URL, else the entry's URL, else arXiv, else a scholarly search for its title. */
  url: string | null
}

export type Annotation = {
  /** Stable within the file: the PDF object reference ("12R"). */
  id: string
  type: AnnotationType
  /** 1-based. */
  page: number
  /** The printed page number from /PageLabels, or null when the PDF defines none. */
  pageLabel: string | null
  /** '#rrggbb' lower case, or null for annotations that have no colour (stamps, attachments). */
  color: string | null
  /** Text under a text-markup annotation (highlight, underline, strikeout, squiggly); null otherwise. */
  text: string | null
  /** The reader's comment: /Contents, else the popup's, else a FreeText's own text. */
  comment: string | null
  /** For Acrobat's "replace text" (strike-out grouped with a caret): the replacement text. */
  replacement?: string
  author: string | null
  /** ISO 8601, or null when missing or unreadable. */
  modified: string | null
  /** [x0, y0, x1, y1] in PDF user space (origin bottom-left), normalised. */
  rect: [number, number, number, number]
  citations: InTextCitation[]
  replies: Reply[]
}

export type Reference = {
  /** Position in the reference list, 0-based. */
  index: number
  /** The label printed before the entry ("12" for "[12]"), if any. */
  label: string | null
  raw: string
  /** One string per person, as printed ("Smith, J.", "A. Gal", "Altschul SF"); see `people` for the split. */
  authors: string[]
  year: number | null
  title: string | null
  container: string | null
  doi: string | null
  url: string | null
  arxivId: string | null
  /** The authors split into family/given (CSL order). Absent in extractions stored before the tagger. */
  people?: Person[]
  volume?: string | null
  issue?: string | null
  /** Normalised range ("265-270"). */
  pages?: string | null
  publisher?: string | null
  /** The whole entry as one CSL-JSON item (type, author, editor, title, container-title, volume, issue, page, issued, DOI, URL, publisher…). */
  csl?: CslItem
}

export type Extraction = {
  pageCount: number
  metadata: PaperMetadata
  /** The paper itself in the requested style (plain text). */
  citation: string
  style: CitationStyle
  annotations: Annotation[]
  /** Unique highlight colours after grouping near shades, sorted by hue. */
  colors: string[]
  references: Reference[]
  /** Problems that did not stop the extraction (a page that failed, a missing text layer...). */
  warnings: string[]
}

export type ExtractOptions = {
  style: CitationStyle
  /** Wall-clock limit for the whole parse; default 60 s. */
  timeoutMs?: number
  /** Resident-memory cap of the parsing child process (its V8 heap limit too); default 1024 MB. */
  maxMemoryMb?: number
}
