import ExcelJS from 'exceljs'
import { pageLabel } from './model.ts'
import { shownCategory } from './labels.ts'
import type { OutputLabels } from './output-labels.ts'
import { citedWorks } from './annotations-csv.ts'
import { shortCitation, type OutputDocument } from './paper.ts'

/** A cell that a spreadsheet would read as a formula gets an apostrophe, like annotations.csv. */
const safe = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text)

/**
 * evidence-matrix.xlsx: a sheet of highlights (paper, year, category, page, text, comment, cited
 * works) with filters and a frozen header, and a sheet of papers (citation, DOI, count per category).
 */
export async function renderEvidenceMatrix(documents: OutputDocument[], labels: OutputLabels): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Marginalia'
  const highlights = workbook.addWorksheet(labels.highlights, { views: [{ state: 'frozen', ySplit: 1 }] })
  highlights.columns = [
    { header: labels.paper, key: 'paper', width: 28 },
    { header: labels.year, key: 'year', width: 8 },
    { header: labels.category, key: 'category', width: 16 },
    { header: labels.pageNumber, key: 'page', width: 8 },
    { header: labels.text, key: 'text', width: 80 },
    { header: labels.comment, key: 'comment', width: 40 },
    { header: labels.citedWorks, key: 'cited', width: 40 },
  ]
  const categories: string[] = []
  for (const document of documents) {
    for (const a of document.annotations) {
      if (!a.categoryName || !a.text) continue
      if (!categories.includes(a.categoryName)) categories.push(a.categoryName)
      highlights.addRow({
        paper: shortCitation(document, labels.noDate),
        year: document.metadata.year ?? null,
        category: shownCategory(labels, a.categoryName),
        page: pageLabel(a),
        text: safe(a.text),
        comment: safe(a.comment ?? ''),
        cited: safe(citedWorks(a)),
      })
    }
  }
  highlights.getRow(1).font = { bold: true }
  highlights.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, highlights.rowCount), column: 7 } }
  highlights.getColumn('text').alignment = { wrapText: true, vertical: 'top' }

  const papers = workbook.addWorksheet(labels.papers, { views: [{ state: 'frozen', ySplit: 1 }] })
  papers.columns = [
    { header: labels.citation, key: 'citation', width: 80 },
    { header: labels.doi, key: 'doi', width: 28 },
    ...categories.map((name, i) => ({ header: shownCategory(labels, name), key: `c${i}`, width: 14 })),
  ]
  for (const document of documents) {
    const row: Record<string, string | number | null> = { citation: safe(document.citation || document.title), doi: document.metadata.doi }
    categories.forEach((name, i) => {
      row[`c${i}`] = document.annotations.filter((a) => a.categoryName === name && a.text).length
    })
    papers.addRow(row)
  }
  papers.getRow(1).font = { bold: true }
  papers.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, papers.rowCount), column: 2 + categories.length } }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
