import { pageLabel } from './model.ts'
import { shownCategory } from './labels.ts'
import type { OutputLabels } from './output-labels.ts'
import type { OutputAnnotation, OutputDocument } from './paper.ts'

/** One CSV field: quoted when needed; a leading =, +, - or @ gets an apostrophe so that no spreadsheet runs it as a formula. */
export function csvField(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRows(rows: (string | number | null)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`
}

export function citedWorks(annotation: OutputAnnotation): string {
  return annotation.citations.map((c) => (c.url ? `${c.text} <${c.url}>` : c.text)).join('; ')
}

/** The annotations worth a row: highlights (with their text) and comments. */
export function noteAnnotations(document: OutputDocument): OutputAnnotation[] {
  return document.annotations.filter((a) => a.text || a.comment)
}

/** annotations.csv: one row per highlight and comment, UTF-8 with a BOM and CRLF line ends for spreadsheet programs. */
export function renderAnnotationsCsv(document: OutputDocument, labels: OutputLabels): string {
  const header = [labels.category, labels.colour, labels.pageNumber, labels.pageLabel, labels.text, labels.comment, labels.citedWorks, labels.type]
  const rows = noteAnnotations(document).map((a) => [
    a.categoryName ? shownCategory(labels, a.categoryName) : '',
    a.color ?? '',
    a.page,
    pageLabel(a),
    a.text ?? '',
    a.comment ?? '',
    citedWorks(a),
    a.type,
  ])
  return csvRows([header, ...rows])
}
