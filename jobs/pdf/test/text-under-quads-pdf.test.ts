/**
 * The failure classes of highlight text seen on unseen papers (issue 11), each on a PDF built
 * here: real pdf.js parsing, glyph replay and annotation reading, end to end.
 */
import { describe, expect, it } from 'vitest'
import { extractFromBytes } from '../extract.ts'
import { buildPdf, helveticaWidth, highlightAnnot, textAt } from './make-pdf.ts'

async function markedTexts(content: string, annots: string[], fonts: Record<string, string> = {}): Promise<(string | null)[]> {
  const bytes = buildPdf([{ content, annots }], { fonts })
  const extraction = await extractFromBytes(bytes, { style: 'apa' }, { withCitation: false })
  return extraction.annotations.map((a) => a.text)
}

/** A highlight over one 10-pt line at `y` from x0 to x1, quad from descent to ascent (Acrobat). */
const over = (x0: number, x1: number, y: number) => highlightAnnot([x0, y - 2.2, x1, y + 9])

/** Two columns of 10-pt Helvetica, each drawn whole before the next (TeX's order). */
function twoColumns(left: string[], right: string[], { leftX = 72, rightX = 320, top = 700, leading = 12 } = {}): string {
  return [...left.map((line, i) => textAt(line, leftX, top - i * leading)), ...right.map((line, i) => textAt(line, rightX, top - i * leading))].join('\n')
}

describe('highlight text on papers (failure classes of issue 11)', () => {
  it('completes a word hyphenated at the end of a right-column line from the same column, not the left one', async () => {
    const left = ['results of the search engine', 'Google is known for its ranking', 'and for its advertising model']
    const right = ['In this paper we describe the imple-', 'mentation of a small search system', 'and its evaluation on a benchmark']
    const content = twoColumns(left, right)
    const texts = await markedTexts(content, [over(320, 320 + helveticaWidth(right[0], 10), 700)])
    expect(texts).toEqual(['In this paper we describe the implementation'])
  })

  it('completes a word hyphenated at the foot of a column from the top of the next column', async () => {
    // The left column's last line is level with a right-column line a narrow gutter (1.2 em)
    // away; the word goes on at the top of the right column.
    const lastLeft = 'which we were able to ob-'
    const gutterX = 72 + helveticaWidth(lastLeft, 10) + 12
    const content = [
      textAt('the first line of the left column', 72, 700),
      textAt(lastLeft, 72, 688),
      textAt('served in every single case we ran', gutterX, 700),
      textAt('and the next line of the right one', gutterX, 688),
    ].join('\n')
    const texts = await markedTexts(content, [over(72, 72 + helveticaWidth(lastLeft, 10), 688)])
    expect(texts).toEqual(['which we were able to observed'])
  })

  it('finishes a word hyphenated at a line end even when the next line of the other column is nearer', async () => {
    const left = ['a short line about ob-', 'servations of the sky']
    const right = ['a different column text', 'other words entirely here']
    const texts = await markedTexts(twoColumns(left, right, { rightX: 72 + helveticaWidth(left[0], 10) + 14 }), [over(72, 72 + helveticaWidth(left[0], 10), 700)])
    expect(texts).toEqual(['a short line about observations'])
  })

  it('takes the whole first word of the next line when the hyphenated line is the indented first line of a paragraph', async () => {
    const first = 'Let us present some of the sys-'
    const content = [textAt(first, 90, 700), textAt('tems used in practice today', 72, 688)].join('\n')
    const texts = await markedTexts(content, [over(90, 90 + helveticaWidth(first, 10), 700)])
    expect(texts).toEqual(['Let us present some of the systems'])
  })

  it('passes over a stray figure glyph between the hyphenated line and the next', async () => {
    const first = 'and domain-wall fermion (magenta di-'
    const content = [textAt(first, 72, 700), textAt('|', 150, 693), textAt('amonds) are plotted here', 72, 685)].join('\n')
    const texts = await markedTexts(content, [over(72, 72 + helveticaWidth(first, 10), 700)])
    expect(texts).toEqual(['and domain-wall fermion (magenta diamonds'])
  })

  it('puts TeX spacing accents on the letter they sit over, wherever the content stream puts them', async () => {
    // Byte 200 draws a tilde, 201 an acute, 202 a grave (/Differences); each accent is drawn
    // before its letter, centred over it, as TeX's \accent does: sorted by position, the accent
    // comes after the start of its letter, so a text-order join puts it on the next letter.
    const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /Differences [200 /tilde /acute /grave] >> >>'
    const accentWidth = 0.333 * 10
    const parts: string[] = []
    let x = 72
    const y = 700
    const word = (text: string, accents: Record<number, string>) => {
      for (const [i, ch] of [...text].entries()) {
        const width = helveticaWidth(ch, 10)
        if (accents[i]) parts.push(`BT /F2 10 Tf ${(x + (width - accentWidth) / 2).toFixed(3)} ${y + 1} Td (\\${accents[i]}) Tj ET`)
        parts.push(textAt(ch, x, y))
        x += width
      }
      x += helveticaWidth(' ', 10)
    }
    word('Urena', { 3: '310' })
    word('Lopez', { 1: '311' })
    word('Mexico', { 1: '311' })
    word('Geneve', { 3: '312' })
    const texts = await markedTexts(parts.join('\n'), [over(70, x + 2, y)], { F2: font })
    expect(texts).toEqual(['Ureña López México Genève'])
  })

  it('keeps commas that a subset font draws with byte 32 (OpenOffice)', async () => {
    // The font draws a comma for byte 32 and a space for byte 201: pdf.js flags byte 32 as a
    // space (for word spacing); the glyph is a comma all the same.
    const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /Differences [32 /comma 201 /space] >> >>'
    const content = 'BT /F2 10 Tf 72 700 Td (red \\311green \\311and\\311blue) Tj ET'
    const texts = await markedTexts(content, [over(70, 300, 700)], { F2: font })
    expect(texts).toEqual(['red, green, and blue'])
  })

  it('ignores a space glyph that the next letter is set back over (iTextSharp: "wo uld")', async () => {
    const content = [textAt('it wo ', 72, 700), textAt('uld rain', 72 + helveticaWidth('it wo', 10) + 0.03, 700)].join('\n')
    const texts = await markedTexts(content, [over(70, 200, 700)])
    expect(texts).toEqual(['it would rain'])
  })

  it('drops a syllable-break hyphen even though the syllable after it starts a line', async () => {
    // "ard" at the start of the line after "stand-" is not a word of the document: the hyphen goes.
    const lines = ['we stand by the stand-', 'ard of care in the field']
    const content = lines.map((line, i) => textAt(line, 72, 700 - 12 * i)).join('\n')
    const [x0, x1, x2] = [72, 72 + helveticaWidth(lines[0], 10), 72 + helveticaWidth('ard of care', 10)]
    const twoLines = `<< /Type /Annot /Subtype /Highlight /Rect [${x0} 685 ${x1} 709] /QuadPoints [${x0} 709 ${x1} 709 ${x0} 697.8 ${x1} 697.8 ${x0} 697 ${x2} 697 ${x0} 685.8 ${x2} 685.8] >>`
    const texts = await markedTexts(content, [twoLines])
    expect(texts).toEqual(['we stand by the standard of care'])
  })

  it('leaves out the glyphs of a displayed equation that a padded quad reaches', async () => {
    // The equation's first line sits 1 em below the text line, its exponent 0.6 em below; the
    // reader's quad (Preview pads to half the leading and more) covers most of both.
    const line = 'the energy of the particle is given by'
    const content = [textAt(line, 72, 700), textAt('E = mc', 150, 690), textAt('2', 150 + helveticaWidth('E = mc', 10), 694, 7), textAt('where m is its mass', 72, 670)].join('\n')
    const texts = await markedTexts(content, [highlightAnnot([72, 692, 72 + helveticaWidth(line, 10), 711])])
    expect(texts).toEqual([line])
  })
})
