/** The text under markup, on hand-built glyphs: each known trap has its own case. */
import { describe, expect, it } from 'vitest'
import { convexOrder, normalizeRect, quadsFromPoints } from '../geometry.ts'
import type { Glyph } from '../glyphs.ts'
import { emptyLexicon, learnWords } from '../hyphenation.ts'
import { pageLines } from '../layout.ts'
import { textUnderQuads } from '../text-under-quads.ts'
import { layOut, quad, widthOf } from './synthetic-glyphs.ts'

function lexiconFor(glyphs: Glyph[]) {
  const lexicon = emptyLexicon()
  for (const line of pageLines(glyphs)) learnWords(lexicon, line.text.replace(/\S+-$/u, ''))
  return lexicon
}

/** A quad over one whole line of 10-pt text at `baseline` from x0 to x1 (descent to ascent). */
const lineQuad = (x0: number, x1: number, baseline: number) => quad(x0, baseline - 2, x1, baseline + 8)

describe('text under quads', () => {
  it('uses real glyph widths: a quad over "mmm" of "mmmiii" takes exactly the three m', () => {
    const glyphs = layOut([], 'mmmiii', 100, 700)
    // An even split of the 6-glyph run would put the boundary at half the run's width and
    // take "mmm" plus nothing or minus one; real widths put it at 3 × 8.3 pt.
    const q = lineQuad(100, 100 + widthOf('mmm'), 700)
    expect(textUnderQuads(glyphs, [q], emptyLexicon())).toBe('mmm')
    const narrow = lineQuad(100 + widthOf('mmm'), 100 + widthOf('mmmii') + 0.1, 700)
    expect(textUnderQuads(glyphs, [narrow], emptyLexicon())).toBe('ii')
  })

  it('takes a glyph only when most of it is inside', () => {
    const glyphs = layOut([], 'abcd', 100, 700)
    // Covers a, b and 40 % of c.
    expect(textUnderQuads(glyphs, [lineQuad(100, 110 + 2, 700)], emptyLexicon())).toBe('ab')
    // Covers a, b and 60 % of c.
    expect(textUnderQuads(glyphs, [lineQuad(100, 110 + 3, 700)], emptyLexicon())).toBe('abc')
  })

  it('ignores the next line that a tall Preview quad touches', () => {
    const glyphs: Glyph[] = []
    layOut(glyphs, 'Dummy PDF file', 72, 700)
    layOut(glyphs, 'PDF file again', 72, 688)
    // Preview's quad: ascent-to-descent plus generous padding, reaching 40 % into the next line.
    const tall = quad(72, 688 + 8 - 4, 72 + widthOf('Dummy PDF file'), 712)
    expect(textUnderQuads(glyphs, [tall], emptyLexicon())).toBe('Dummy PDF file')
  })

  it('finishes a word when the highlight ends on a line-end hyphen', () => {
    const glyphs: Glyph[] = []
    layOut(glyphs, 'more difficult to com-', 72, 700)
    layOut(glyphs, 'pile than statically typed ones.', 72, 688)
    expect(textUnderQuads(glyphs, [lineQuad(72, 72 + widthOf('more difficult to com-'), 700)], emptyLexicon())).toBe('more difficult to compile')
  })

  it('keeps a hyphen inside a line where the highlight stops', () => {
    const glyphs = layOut([], 'for dynamically-typed languages', 72, 700)
    expect(textUnderQuads(glyphs, [lineQuad(72, 72 + widthOf('for dynamically-'), 700)], emptyLexicon())).toBe('for dynamically-')
  })

  it('joins "pop" + "ular" when the quad misses the hyphen glyph at the line end', () => {
    const glyphs: Glyph[] = []
    layOut(glyphs, 'Ruby, are pop-', 72, 700)
    layOut(glyphs, 'ular since they are popular', 72, 688)
    const quads = [lineQuad(72, 72 + widthOf('Ruby, are pop'), 700), lineQuad(72, 72 + widthOf('ular since'), 688)]
    expect(textUnderQuads(glyphs, quads, lexiconFor(glyphs))).toBe('Ruby, are popular since')
  })

  it('joins a line-break hyphen and keeps a compound one', () => {
    const glyphs: Glyph[] = []
    layOut(glyphs, 'the extrac-', 72, 700)
    layOut(glyphs, 'tion of state-of-the-art non-', 72, 688)
    layOut(glyphs, 'experts and non-experts', 72, 676)
    const quads = [lineQuad(72, 200, 700), lineQuad(72, 250, 688), lineQuad(72, 72 + widthOf('experts'), 676)]
    expect(textUnderQuads(glyphs, quads, lexiconFor(glyphs))).toBe('the extraction of state-of-the-art non-experts')
  })

  it('keeps typographic quotes', () => {
    const glyphs = layOut([], 'with “Haswell” in 2013', 72, 700)
    expect(textUnderQuads(glyphs, [lineQuad(72, 300, 700)], emptyLexicon())).toBe('with “Haswell” in 2013')
  })

  it('puts spaces at gaps when the PDF has no space glyphs (TeX)', () => {
    const glyphs: Glyph[] = []
    layOut(glyphs, 'two', 72, 700)
    layOut(glyphs, 'words', 72 + widthOf('two') + 3.3, 700)
    expect(textUnderQuads(glyphs, [lineQuad(72, 200, 700)], emptyLexicon())).toBe('two words')
  })

  it('reads quads given right part first in reading order', () => {
    const glyphs: Glyph[] = []
    layOut(glyphs, 'Aenean commodo ligula', 72, 700)
    layOut(glyphs, 'eget dolor.', 72, 688)
    const quads = [lineQuad(72, 72 + widthOf('eget dolor.'), 688), lineQuad(72, 72 + widthOf('Aenean commodo ligula'), 700)]
    expect(textUnderQuads(glyphs, quads, emptyLexicon())).toBe('Aenean commodo ligula eget dolor.')
  })

  it('runs from the bottom of one column to the top of the next', () => {
    const glyphs: Glyph[] = []
    layOut(glyphs, 'end of column one', 72, 100)
    layOut(glyphs, 'top of column two', 320, 700)
    const quads = [lineQuad(320, 320 + widthOf('top of column two'), 700), lineQuad(72, 72 + widthOf('end of column one'), 100)]
    expect(textUnderQuads(glyphs, quads, emptyLexicon())).toBe('end of column one top of column two')
  })

  it('reads a highlight that starts mid-line and ends on the next line left of its start', () => {
    const glyphs: Glyph[] = []
    layOut(glyphs, 'first half second half', 72, 700)
    layOut(glyphs, 'next line continues', 72, 688)
    const start = 72 + widthOf('first half ')
    const quads = [lineQuad(start, 72 + widthOf('first half second half'), 700), lineQuad(72, 72 + widthOf('next'), 688)]
    expect(textUnderQuads(glyphs, quads, emptyLexicon())).toBe('second half next')
  })

  it('does not repeat text under overlapping quads', () => {
    const glyphs = layOut([], 'overlapping quads here', 72, 700)
    const quads = [lineQuad(72, 150, 700), lineQuad(100, 190, 700), lineQuad(72, 190, 700)]
    expect(textUnderQuads(glyphs, quads, emptyLexicon())).toBe('overlapping quads here')
  })

  it('counts a glyph painted twice (fake bold) once', () => {
    const glyphs: Glyph[] = []
    layOut(glyphs, 'Bold', 72, 700)
    layOut(glyphs, 'Bold', 72.3, 700)
    expect(textUnderQuads(glyphs, [lineQuad(72, 100, 700)], emptyLexicon())).toBe('Bold')
  })

  it('reads text on a page turned 90° (/Rotate or a rotated CTM)', () => {
    const glyphs: Glyph[] = []
    // Text running upwards in user space: "up" for the reader is -x, so the next line is at +x.
    layOut(glyphs, 'first line', 300, 100, 10, Math.PI / 2)
    layOut(glyphs, 'second line', 312, 100, 10, Math.PI / 2)
    const quads = [quad(304, 100, 314, 100 + widthOf('second')), quad(292, 100, 302, 100 + widthOf('first line'))]
    expect(textUnderQuads(glyphs, quads, emptyLexicon())).toBe('first line second')
  })

  it('accepts QuadPoints in any corner order and /Rect with any two corners', () => {
    const glyphs = layOut([], 'corner order', 72, 700)
    const x1 = 72 + widthOf('corner order')
    // Spec order UL, UR, LL, LR vs. counter-clockwise.
    const specOrder = quadsFromPoints([72, 708, x1, 708, 72, 698, x1, 698])
    const ccw = quadsFromPoints([72, 698, x1, 698, x1, 708, 72, 708])
    expect(textUnderQuads(glyphs, specOrder, emptyLexicon())).toBe('corner order')
    expect(textUnderQuads(glyphs, ccw, emptyLexicon())).toBe('corner order')
    expect(normalizeRect([x1, 708, 72, 698])).toEqual([72, 698, x1, 708])
    expect(convexOrder(specOrder[0])).toHaveLength(4)
  })
})

describe('right-to-left text', () => {
  it('gives Hebrew in logical order, numbers kept left to right', () => {
    // Visual order on the page, left to right, of "שלום 2020 עולם".
    const glyphs = layOut([], 'םלוע 2020 םולש', 72, 700)
    expect(textUnderQuads(glyphs, [lineQuad(72, 300, 700)], emptyLexicon())).toBe('שלום 2020 עולם')
  })
})
