import { renderAnnotationsCsv } from './annotations-csv.ts'
import { renderNotesMarkdown } from './notes-md.ts'
import type { OutputLabels } from './output-labels.ts'
import type { OutputDocument } from './paper.ts'
import { renderReferencesBib } from './references-bib.ts'
import { renderReferencesRis } from './references-ris.ts'

/** The four files issue 15 adds next to notes.txt, notes.docx and references.docx, with their column and type. */
export const MORE_FILES = {
  'notes.md': { column: 'md_key', type: 'text/markdown; charset=utf-8' },
  'references.bib': { column: 'bib_key', type: 'application/x-bibtex; charset=utf-8' },
  'references.ris': { column: 'ris_key', type: 'application/x-research-info-systems; charset=utf-8' },
  'annotations.csv': { column: 'csv_key', type: 'text/csv; charset=utf-8' },
} as const

export type MoreFile = keyof typeof MORE_FILES
export type MoreColumn = (typeof MORE_FILES)[MoreFile]['column']
export const MORE_COLUMNS = Object.values(MORE_FILES).map((f) => f.column) as MoreColumn[]

export function isMoreFile(file: string): file is MoreFile {
  return Object.hasOwn(MORE_FILES, file)
}

/**
 * The four files' contents. notes.md and annotations.csv exist when the document has notes (else
 * no_notes, like notes.txt); references.bib and references.ris always hold at least the paper itself.
 */
export function renderMoreOutputs(document: OutputDocument, labels: OutputLabels, hasNotes: boolean): { file: MoreFile; body: string | null }[] {
  return [
    { file: 'notes.md', body: hasNotes ? renderNotesMarkdown(document, labels) : null },
    { file: 'references.bib', body: renderReferencesBib(document) },
    { file: 'references.ris', body: renderReferencesRis(document) },
    { file: 'annotations.csv', body: hasNotes ? renderAnnotationsCsv(document, labels) : null },
  ]
}
