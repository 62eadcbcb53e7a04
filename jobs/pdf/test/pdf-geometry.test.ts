/** Page geometry and annotation structure on hand-built PDFs, through the whole engine. */
import { describe, expect, it } from 'vitest'
import { extractFromBytes } from '../extract.ts'
import { buildPdf, highlightAnnot } from './make-pdf.ts'

const extract = (bytes: Uint8Array) => extractFromBytes(bytes, { style: 'apa' })

// Helvetica at 12 pt: "Hello world" is 60.7 pt wide (pdf.js standard font metrics).
const hello = (x: number, y: number) => `BT /F1 12 Tf ${x} ${y} Td (Hello world) Tj ET`
const ink = (extra: string) => `<< /Type /Annot /Subtype /Ink /Rect [10 10 50 50] /InkList [[10 10 50 50]] /C [1 0 0] ${extra} >>`

describe('page geometry', () => {
  it('reads a page with /Rotate 90 (coordinates stay in user space)', async () => {
    const extraction = await extract(buildPdf([{ content: hello(72, 700), rotate: 90, annots: [highlightAnnot([70, 696, 134, 710])] }]))
    expect(extraction.annotations[0].text).toBe('Hello world')
  })

  it('reads a page whose MediaBox does not start at 0,0', async () => {
    const extraction = await extract(buildPdf([{ content: hello(272, 900), mediaBox: [200, 200, 812, 992], annots: [highlightAnnot([270, 896, 334, 910])] }]))
    expect(extraction.annotations[0].text).toBe('Hello world')
  })

  it('reads text drawn rotated by its text matrix', async () => {
    const content = 'BT /F1 12 Tf 0 1 -1 0 300 100 Tm (Hello world) Tj ET'
    // Rotated 90°: the glyphs run up from (300,100), ascent towards -x.
    const annot = '<< /Type /Annot /Subtype /Highlight /Rect [286 98 304 162] /QuadPoints [286 162 304 162 286 98 304 98] >>'
    const extraction = await extract(buildPdf([{ content, annots: [annot] }]))
    expect(extraction.annotations[0].text).toBe('Hello world')
  })

  it('reads the text under /Rect when a markup has no QuadPoints', async () => {
    const annot = '<< /Type /Annot /Subtype /Underline /Rect [70 696 134 710] /C [0 0 1] >>'
    const extraction = await extract(buildPdf([{ content: hello(72, 700), annots: [annot] }]))
    expect(extraction.annotations[0]).toMatchObject({ type: 'underline', text: 'Hello world', color: '#0000ff' })
  })

  it('normalises a /Rect given with other corners', async () => {
    const annot = '<< /Type /Annot /Subtype /Square /Rect [300 720 280 700] /Contents (boxed) /C [1 0 0] >>'
    const extraction = await extract(buildPdf([{ content: hello(72, 700), annots: [annot] }]))
    expect(extraction.annotations[0]).toMatchObject({ type: 'square', rect: [280, 700, 300, 720], comment: 'boxed' })
  })
})

describe('annotation structure', () => {
  it('uses the reader default colour for a highlight with neither /C nor an appearance', async () => {
    const extraction = await extract(buildPdf([{ content: hello(72, 700), annots: [highlightAnnot([70, 696, 134, 710])] }]))
    expect(extraction.annotations[0].color).toBe('#ffff00')
    expect(extraction.colors).toEqual(['#ffff00'])
  })

  it('merges Acrobat "replace text": a strike-out grouped with a caret', async () => {
    const caret = '<< /Type /Annot /Subtype /Caret /Rect [130 696 136 710] /Contents (planet) /C [0 0 1] /T (Ann) >>'
    const strike = '<< /Type /Annot /Subtype /StrikeOut /Rect [100 696 134 710] /QuadPoints [100 710 134 710 100 696 134 696] /C [0 0 1] /IRT {annot:0} /RT /Group /T (Ann) >>'
    const extraction = await extract(buildPdf([{ content: hello(72, 700), annots: [caret, strike] }]))
    expect(extraction.annotations).toHaveLength(1)
    expect(extraction.annotations[0]).toMatchObject({ type: 'strikeout', text: 'world', comment: 'planet', replacement: 'planet', author: 'Ann' })
  })

  it('attaches replies to their parent and takes the comment from the popup', async () => {
    const popup = '<< /Type /Annot /Subtype /Popup /Rect [400 600 500 700] /Contents (from the popup) >>'
    const highlight = highlightAnnot([70, 696, 134, 710], '/C [0 1 0] /Popup {annot:0} /T (Ann) /M (D:20240625182216-07\'00\')')
    const reply = "<< /Type /Annot /Subtype /Text /Rect [10 10 20 20] /IRT {annot:1} /Contents (I agree) /T (Bob) >>"
    const extraction = await extract(buildPdf([{ content: hello(72, 700), annots: [popup, highlight, reply] }]))
    expect(extraction.annotations).toHaveLength(1)
    expect(extraction.annotations[0]).toMatchObject({
      type: 'highlight',
      color: '#00ff00',
      modified: '2024-06-26T01:22:16.000Z',
      replies: [{ author: 'Bob', comment: 'I agree' }],
    })
    expect(extraction.annotations[0].comment).toBe('from the popup')
  })

  it('keeps drawings only when they carry a comment', async () => {
    const extraction = await extract(buildPdf([{ content: hello(72, 700), annots: [ink(''), ink('/Contents (look here)')] }]))
    expect(extraction.annotations.map((a) => [a.type, a.comment])).toEqual([['ink', 'look here']])
  })

  it('gives the printed page label from /PageLabels', async () => {
    const pages = [{ content: hello(72, 700) }, { content: hello(72, 700), annots: [highlightAnnot([70, 696, 134, 710])] }]
    const extraction = await extract(buildPdf(pages, { catalogExtra: '/PageLabels << /Nums [0 << /S /r >> 1 << /S /D /St 5 >>] >>' }))
    expect(extraction.annotations[0]).toMatchObject({ page: 2, pageLabel: '5' })
  })
})
