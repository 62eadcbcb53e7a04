/** Annotations come out in the paper's reading order, not in the order they were made. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractFromBytes } from '../extract.ts'
import { CORPUS_DIR } from './corpus.ts'
import { buildPdf, highlightAnnot } from './make-pdf.ts'

describe('reading order of annotations', () => {
  it('follows the columns of a two-column paper (hotos17, checked against the page layout)', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(CORPUS_DIR, 'annotated/pdfannots-hotos17.pdf')))
    const { annotations } = await extractFromBytes(bytes, { style: 'apa' })
    const summary = annotations.map((a) => `${a.page} ${a.type} ${(a.comment ?? a.text ?? '').slice(0, 20)}`)
    expect(summary).toEqual([
      '1 squiggly recent Intel CPUs ha', // left column
      '1 note This is a note with ', // right column, above the strike-out
      '1 strikeout e',
      '2 highlight TSX launched with “H', // full-width caption at the top
      '2 highlight This is lower in col', // left column
      '2 highlight segmentation, task s',
      '2 highlight This is at the top o', // right column
      '4 squiggly This is a nit.',
      '4 underline This is a different ',
      '4 strikeout While we may disagre',
    ])
  })

  it('puts a highlight made later but printed earlier first', async () => {
    const content = 'BT /F1 12 Tf 72 700 Td (First line of text) Tj 0 -16 Td (Second line of text) Tj ET'
    const bytes = buildPdf([
      {
        content,
        annots: [highlightAnnot([70, 680, 180, 694], '/Contents (made first)'), highlightAnnot([70, 696, 180, 710], '/Contents (made second)')],
      },
    ])
    const { annotations } = await extractFromBytes(bytes, { style: 'apa' })
    expect(annotations.map((a) => a.comment)).toEqual(['made second', 'made first'])
  })
})
