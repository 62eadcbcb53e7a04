import ExcelJS from 'exceljs'
import { Parser } from 'commonmark'
import { describe, expect, it } from 'vitest'
import { sampleDocument } from '#tests/fixtures/outputs/sample-document.ts'
import { renderEvidenceMatrix } from './evidence-matrix.ts'
import { OUTPUT_LABELS } from './output-labels.ts'
import { renderSynthesisMarkdown } from './synthesis-md.ts'
import { synthesize } from './synthesis.ts'

const first = sampleDocument()
const second = sampleDocument({
  id: '00000000-0000-4000-8000-000000000002',
  title: 'lee',
  metadata: { ...sampleDocument().metadata, title: 'Another paper', authors: [{ family: 'Lee', given: 'Kim' }], year: 2019, doi: null },
  annotations: sampleDocument().annotations.map((a) => ({ ...a, text: a.text ? `Second: ${a.text}` : a.text })),
})
const categorized = (d: typeof first) => d.annotations.filter((a) => a.categoryName && a.text).length

describe('the synthesis', () => {
  it('gathers each category across papers, each highlight with its short citation and page', () => {
    const groups = synthesize([first, second], OUTPUT_LABELS)
    expect(groups.map((g) => g.name)).toEqual(['Key finding', 'Method', 'Reference'])
    expect(groups[0].entries.map((e) => e.cite)).toEqual(['Ørsted & Sørensen, 2021', 'Lee, 2019'])
    const md = renderSynthesisMarkdown([first, second], OUTPUT_LABELS, 'Synthesis')
    const walker = new Parser().parse(md).walker()
    const headings: number[] = []
    let quotes = 0
    let event
    while ((event = walker.next())) {
      if (!event.entering) continue
      if (event.node.type === 'heading') headings.push(event.node.level)
      if (event.node.type === 'block_quote') quotes++
    }
    expect(headings).toEqual([1, 2, 2, 2, 2])
    expect(quotes).toBe(categorized(first) + categorized(second))
    expect(md).toContain('— (Lee, 2019, p. 3)')
  })
})

describe('the evidence matrix', () => {
  it('has a sheet of highlights (one row each, filters, frozen header) and a sheet of papers with counts per category', async () => {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await renderEvidenceMatrix([first, second], OUTPUT_LABELS)) as never)
    const [highlights, papers] = workbook.worksheets
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Highlights', 'Papers'])
    expect(highlights.rowCount).toBe(1 + categorized(first) + categorized(second))
    expect(highlights.getRow(1).values).toEqual([undefined, 'Paper', 'Year', 'Category', 'Page', 'Text', 'Comment', 'Cited works'])
    expect(highlights.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(highlights.autoFilter).toBeTruthy()
    expect(highlights.getRow(2).getCell(1).value).toBe('Ørsted & Sørensen, 2021')
    expect(papers.rowCount).toBe(3)
    expect(papers.getRow(1).values).toEqual([undefined, 'Citation', 'DOI', 'Key finding', 'Method', 'Reference'])
    expect(papers.getRow(2).values).toEqual([undefined, first.citation, '10.1000/xyz_123', 1, 1, 2])
  })
})
