/** Every kind of bad input gives a typed ExtractionError or an Extraction of what could be read. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { closeExtractionWorkers, ExtractionError, extractPdf, isHumanMessage, TOO_LARGE_OR_COMPLEX } from '../index.ts'
import { CORPUS_DIR } from './corpus.ts'
import { buildPdf, highlightAnnot } from './make-pdf.ts'

afterAll(() => closeExtractionWorkers())

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError)
    const typed = error as ExtractionError
    expect(typed.message.length).toBeGreaterThan(10)
    return typed
  }
  throw new Error('expected the extraction to fail')
}

describe('robustness', () => {
  it('refuses a file that is not a PDF', async () => {
    const error = await failure(extractPdf(new TextEncoder().encode('<html>not a pdf</html>'), { style: 'apa' }))
    expect(error.code).toBe('not_pdf')
    expect(error.message).toMatch(/not a PDF/)
  })

  it('refuses an empty file', async () => {
    expect((await failure(extractPdf(new Uint8Array(0), { style: 'apa' }))).code).toBe('not_pdf')
  })

  it('reports a password-protected PDF as encrypted', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('./pdfs/encrypted.pdf', import.meta.url)))
    const error = await failure(extractPdf(bytes, { style: 'apa' }))
    expect(error.code).toBe('encrypted')
    expect(error.message).toMatch(/password/)
  })

  it('reports a truncated PDF as broken, or reads what it can', async () => {
    const whole = readFileSync(path.join(CORPUS_DIR, 'annotated/pdfannots-hotos17.pdf'))
    const truncated = new Uint8Array(whole.subarray(0, Math.floor(whole.length / 3)))
    try {
      const extraction = await extractPdf(truncated, { style: 'apa' })
      expect(extraction.pageCount).toBeGreaterThan(0)
    } catch (error) {
      expect(error).toBeInstanceOf(ExtractionError)
      expect(['broken', 'no_pages']).toContain((error as ExtractionError).code)
    }
  })

  it('reports a header followed by garbage as broken', async () => {
    const bytes = new TextEncoder().encode(`%PDF-1.7\n${'garbage '.repeat(200)}`)
    expect(['broken', 'no_pages']).toContain((await failure(extractPdf(bytes, { style: 'apa' }))).code)
  })

  it('reports a PDF without pages', async () => {
    const error = await failure(extractPdf(buildPdf([]), { style: 'apa' }))
    expect(error.code).toBe('no_pages')
  })

  it('reads a PDF with thousands of pages, annotations from every page', async () => {
    const pages = Array.from({ length: 3000 }, (_, i) => (i === 2999 ? { text: ['The last page'], annots: [highlightAnnot([72, 716, 150, 732])] } : {}))
    const extraction = await extractPdf(buildPdf(pages), { style: 'apa' })
    expect(extraction.pageCount).toBe(3000)
    expect(extraction.annotations).toHaveLength(1)
    expect(extraction.annotations[0]).toMatchObject({ page: 3000, text: 'The last page', color: '#ffff00' })
  }, 60_000)

  it('extracts annotations from a page without a text layer and says why the text is missing', async () => {
    const extraction = await extractPdf(buildPdf([{ annots: [highlightAnnot([72, 700, 300, 720], '/C [1 0 0] /Contents (scan)')] }]), { style: 'apa' })
    expect(extraction.annotations).toHaveLength(1)
    expect(extraction.annotations[0]).toMatchObject({ type: 'highlight', text: '', comment: 'scan', color: '#ff0000' })
    expect(extraction.warnings.join(' ')).toMatch(/no text layer/)
  })

  it('stops a parse that takes too long', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(CORPUS_DIR, 'annotated/pymupdf-mupdf_explored.pdf')))
    const error = await failure(extractPdf(bytes, { style: 'apa', timeoutMs: 5 }))
    expect(error.code).toBe('timeout')
  })

  it('stops a parse that needs more memory than allowed', async () => {
    const pages = Array.from({ length: 4000 }, () => ({ text: ['Lorem ipsum dolor sit amet'], annots: [highlightAnnot([72, 716, 150, 732], '/Contents (a comment that takes some room in memory)')] }))
    const error = await failure(extractPdf(buildPdf(pages), { style: 'apa', maxMemoryMb: 16, timeoutMs: 60_000 }))
    expect(error.code).toBe('out_of_memory')
    expect(error.message).toBe(TOO_LARGE_OR_COMPLEX)
  }, 60_000)

  it("never shows the library's own words: a parser error becomes a sentence, the detail stays for the log", async () => {
    // pdf.js throws 'Illegal character: 41' on the stray ')'; it used to reach the researcher.
    const text = Buffer.from(buildPdf([{ text: ['Page'] }])).toString('latin1').replace('/MediaBox', '/Annots ) /MediaBox')
    const error = await failure(extractPdf(new Uint8Array(Buffer.from(text, 'latin1')), { style: 'apa' }))
    expect(error.code).toBe('broken')
    expect(isHumanMessage(error.message)).toBe(true)
    expect(error.message).not.toMatch(/Illegal|character|41/)
    expect(error.detail).toMatch(/Illegal character: 41/)
  })

  it('calls a PDF nested deeper than the parser can follow too complex, not "Maximum call stack size exceeded"', async () => {
    const deep = `/Deep ${'<< /A '.repeat(50_000)}${'>> '.repeat(50_000)}`
    const text = Buffer.from(buildPdf([{ text: ['Page'] }])).toString('latin1').replace('/MediaBox', `${deep} /MediaBox`)
    const error = await failure(extractPdf(new Uint8Array(Buffer.from(text, 'latin1')), { style: 'apa' }))
    expect(error.message).toBe(TOO_LARGE_OR_COMPLEX)
    expect(error.detail).toMatch(/call stack/)
  })

  it('keeps working after a worker was killed', async () => {
    const extraction = await extractPdf(buildPdf([{ text: ['Still here'], annots: [highlightAnnot([72, 716, 140, 732])] }]), { style: 'apa' })
    expect(extraction.annotations[0].text).toBe('Still here')
  })
})
