/**
 * Opening a PDF with pdf.js in Node (legacy build, as pdf.js documents for Node), and
 * turning its failures into ExtractionErrors a researcher can act on.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { describe, ExtractionError, toExtractionError } from './errors.ts'

const require = createRequire(import.meta.url)
const PDFJS_ROOT = path.dirname(require.resolve('pdfjs-dist/package.json'))
/** pdf.js needs the 14 standard fonts' metrics for PDFs that do not embed Helvetica & co. */
export const STANDARD_FONT_DATA_URL = `${path.join(PDFJS_ROOT, 'standard_fonts')}/`
const CMAP_URL = `${path.join(PDFJS_ROOT, 'cmaps')}/`

/** PDFs larger than this are refused before parsing. */
export const MAX_BYTES = 200 * 1024 * 1024
/** More pages than this is not a paper or a book a researcher annotates; refuse it. */
export const MAX_PAGES = 20_000

export function looksLikePdf(bytes: Uint8Array): boolean {
  // The header may follow some junk; the spec tolerates it within the first 1024 bytes.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  return head.includes('%PDF-')
}

/**
 * pdf.js attaches embedded fonts through the CSS Font Loading API when its document has one;
 * without it (Node) it converts every glyph outline into a path for a canvas we never draw,
 * which is a tenth of the extraction time. We never render, so fonts are "attached" to a
 * document that accepts them and does nothing. Only the extraction child sees the FontFace stub.
 */
const FONTLESS_DOCUMENT = { fonts: { add: () => undefined, delete: () => true } }
class DetachedFontFace {
  readonly family: string
  readonly loaded: Promise<DetachedFontFace>
  constructor(family: string) {
    this.family = family
    this.loaded = Promise.resolve(this)
  }
  load(): Promise<DetachedFontFace> {
    return this.loaded
  }
}
if (!('FontFace' in globalThis)) Object.assign(globalThis, { FontFace: DetachedFontFace })

export type OpenedPdf = { doc: PDFDocumentProxy; task: PDFDocumentLoadingTask }

export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  if (bytes.byteLength === 0 || !looksLikePdf(bytes)) throw new ExtractionError('not_pdf')
  if (bytes.byteLength > MAX_BYTES) throw new ExtractionError('too_large', `This PDF is larger than ${MAX_BYTES / 1024 / 1024} MB, the most we accept.`)
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer: give it a copy.
    data: bytes.slice(),
    standardFontDataUrl: STANDARD_FONT_DATA_URL,
    cMapUrl: CMAP_URL,
    cMapPacked: true,
    // Nothing is rendered: images are skipped instead of decoded (pdf.js drops any image larger
    // than maxImageSize pixels), which saves most of the time and memory of image-heavy pages.
    maxImageSize: 0,
    // Fonts' extra properties (ascent, descent, widths tables) would keep their data alive;
    // glyph boxes use a standard 0.8 em ascent and 0.2 em descent instead (glyphs.ts).
    fontExtraProperties: false,
    useSystemFonts: false,
    disableFontFace: false,
    ownerDocument: FONTLESS_DOCUMENT as unknown as Document,
    verbosity: 0,
    stopAtErrors: false,
  })
  let doc: PDFDocumentProxy
  try {
    doc = await task.promise
  } catch (error) {
    await task.destroy().catch(() => undefined)
    throw openError(error)
  }
  if (doc.numPages === 0) {
    await task.destroy().catch(() => undefined)
    throw new ExtractionError('no_pages')
  }
  if (doc.numPages > MAX_PAGES) {
    await task.destroy().catch(() => undefined)
    throw new ExtractionError('too_large', `This PDF has ${doc.numPages} pages; we read at most ${MAX_PAGES}.`)
  }
  return { doc, task }
}

function openError(error: unknown): ExtractionError {
  const name = (error as { name?: string })?.name ?? ''
  const message = String((error as { message?: string })?.message ?? error)
  if (name === 'PasswordException') return new ExtractionError('encrypted', undefined, describe(error))
  if (name === 'InvalidPDFException' && /no pages|page count|pages tree/i.test(message)) return new ExtractionError('no_pages', undefined, describe(error))
  return toExtractionError(error)
}
