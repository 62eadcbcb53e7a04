/**
 * The extraction itself, from bytes to an Extraction. Runs inside the extraction child
 * process (child.ts); callable directly in tests. Only the pages that need text are read:
 * pages carrying text markup (glyph-exact), the first pages (metadata) and the last pages
 * (reference list).
 */
import { AnnotationMode, AnnotationType, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { buildAnnotations, markedArea, TEXT_MARKUP } from './annotations.ts'
import type { PaintedColors, RawAnnotation } from './annotations.ts'
import { documentColors } from './colors.ts'
import { pageGlyphs } from './glyphs.ts'
import type { Glyph } from './glyphs.ts'
import { cleanText, emptyLexicon, learnLines } from './hyphenation.ts'
import { pageLines } from './layout.ts'
import { openPdf } from './load.ts'
import { readMetadata } from './metadata.ts'
import { pageTextLines } from './page-text.ts'
import type { TextLine } from './page-text.ts'
import { findReferences, isReferenceHeading } from './references.ts'
import { attachCitations } from './citations.ts'
import { readingPositions, sortInReadingOrder } from './reading-order.ts'
import { textUnderQuads } from './text-under-quads.ts'
import type { Annotation, Extraction, ExtractOptions } from './types.ts'

/**
 * The annotation types we read. Links and form widgets are left out: a book can have
 * thousands of links, and parsing them is most of the cost of listing annotations.
 */
const READ_TYPES = new Set<number>([
  AnnotationType.TEXT,
  AnnotationType.FREETEXT,
  AnnotationType.LINE,
  AnnotationType.SQUARE,
  AnnotationType.CIRCLE,
  AnnotationType.POLYGON,
  AnnotationType.POLYLINE,
  AnnotationType.HIGHLIGHT,
  AnnotationType.UNDERLINE,
  AnnotationType.SQUIGGLY,
  AnnotationType.STRIKEOUT,
  AnnotationType.STAMP,
  AnnotationType.CARET,
  AnnotationType.INK,
  AnnotationType.POPUP,
  AnnotationType.FILEATTACHMENT,
])

/** Pages read from the front for the title block, DOI and arXiv stamp. */
const FRONT_PAGES = 2
/** A first page with fewer text lines than this is a cover or a blank: read the next one too. */
const MIN_FRONT_LINES = 8
/** At most this many pages from the end are searched for the reference list. */
const BACK_PAGES = 12

/**
 * `withCitation: false` leaves `citation` empty: the worker does that, because citeproc
 * compiles each CSL style into ~100 MB of heap, which the calling thread pays once instead of
 * every worker (index.ts formats the citation after the worker returns).
 */
export async function extractFromBytes(bytes: Uint8Array, options: ExtractOptions, { withCitation = true } = {}): Promise<Extraction> {
  const { doc, task } = await openPdf(bytes)
  let extraction: Extraction
  try {
    extraction = await extractFromDocument(doc, options)
  } finally {
    await task.destroy()
  }
  if (withCitation) {
    const { formatCitation } = await import('./styles.ts')
    extraction.citation = formatCitation(extraction.metadata, options.style)
  }
  return extraction
}

async function extractFromDocument(doc: PDFDocumentProxy, options: ExtractOptions): Promise<Extraction> {
  const warnings: string[] = []
  const pageCount = doc.numPages
  const raws = ((await doc.getAnnotationsByType(READ_TYPES, null as unknown as Set<number>)) ?? []) as RawAnnotation[]
  const pageLabels = await doc.getPageLabels().catch(() => null)

  const { annotations, rawById } = await buildAnnotations(raws, pageLabels, (pageIndex) => appearanceColors(doc, pageIndex))

  const areaOf = (annotation: Annotation) => {
    const raw = rawById.get(annotation.id)
    return raw && TEXT_MARKUP.has(annotation.type) ? markedArea(raw) : null
  }
  const onPage = Map.groupBy(annotations, (a) => a.page)
  const markupPages = new Set(annotations.filter((a) => TEXT_MARKUP.has(a.type)).map((a) => a.page))

  // The document's own words decide line-end joins (hyphenation.ts); line-end fragments are
  // left out so that "extrac-" + "tion" does not teach the lexicon two words.
  const lexicon = emptyLexicon()
  const learn = (lines: TextLine[]) => {
    learnLines(lexicon, lines.map((line) => line.text))
  }
  const positions = new Map<Annotation, number | null>()
  const textlessMarkupPages: number[] = []

  /**
   * A page with text markup: its glyphs give the marked text, the annotations' reading order
   * and the page's lines, and are dropped afterwards, so memory stays one page deep however
   * many pages carry highlights.
   */
  const readMarkupPage = async (pageNumber: number): Promise<TextLine[]> => {
    let glyphs: Glyph[] = []
    try {
      const page = await doc.getPage(pageNumber)
      glyphs = await pageGlyphs(page)
      page.cleanup()
    } catch (error) {
      warnings.push(`Page ${pageNumber}: text could not be read (${(error as Error).message}).`)
    }
    if (glyphs.length === 0) textlessMarkupPages.push(pageNumber)
    const lines = linesFromGlyphs(glyphs, pageNumber)
    learn(lines)
    const here = onPage.get(pageNumber) ?? []
    for (const annotation of here) {
      const area = areaOf(annotation)
      if (area) annotation.text = textUnderQuads(glyphs, area, lexicon)
    }
    for (const [annotation, position] of readingPositions(here, glyphs, areaOf)) positions.set(annotation, position)
    return lines
  }
  const pagesRead = new Map<number, TextLine[]>()
  const linesOfPage = async (pageNumber: number): Promise<TextLine[]> => {
    let lines = pagesRead.get(pageNumber)
    if (!lines) {
      if (markupPages.has(pageNumber)) lines = await readMarkupPage(pageNumber)
      else {
        lines = await linesOf(doc, pageNumber, warnings)
        learn(lines)
      }
      pagesRead.set(pageNumber, lines)
    }
    return lines
  }

  // The first page holds the title block; the second is read only when the first is a cover
  // or nearly empty.
  const front: TextLine[] = []
  let lastFrontPage = 0
  for (let p = 1; p <= Math.min(FRONT_PAGES, pageCount); p++) {
    if (p > 1 && front.length >= MIN_FRONT_LINES) break
    front.push(...(await linesOfPage(p)))
    lastFrontPage = p
  }
  // The reference list: read backwards from the last page, stop at the page with its heading.
  const backPages: TextLine[][] = []
  for (let p = pageCount; p >= Math.max(lastFrontPage + 1, pageCount - BACK_PAGES + 1); p--) {
    const lines = await linesOfPage(p)
    backPages.unshift(lines)
    if (lines.some((line) => isReferenceHeading(line.text))) break
  }
  const back = backPages.flat()
  // The other pages with markup, in page order.
  for (const pageNumber of [...markupPages].sort((a, b) => a - b)) await linesOfPage(pageNumber)

  if (markupPages.size > 0 && textlessMarkupPages.length === markupPages.size) {
    warnings.push('The pages with highlights have no text layer (a scan without OCR?), so highlighted text could not be read.')
  }
  const ordered = sortInReadingOrder(annotations, positions)

  const metadata = await readMetadata(doc, front)
  const references = findReferences([...front, ...back])
  attachCitations(ordered, references)

  const markupColors = ordered.filter((a) => TEXT_MARKUP.has(a.type) && a.color).map((a) => a.color as string)
  return {
    pageCount,
    metadata,
    citation: '',
    style: options.style,
    annotations: ordered,
    colors: documentColors(markupColors),
    references,
    warnings,
  }
}

/** Text lines of a page from its glyphs, in the shape getTextContent-based lines have. */
function linesFromGlyphs(glyphs: Glyph[], pageNumber: number): TextLine[] {
  return pageLines(glyphs).map((line) => ({
    text: cleanText(line.text),
    size: line.size,
    x: line.x0,
    y: line.baseline,
    page: pageNumber,
    fontName: '',
  }))
}

async function linesOf(doc: PDFDocumentProxy, pageNumber: number, warnings: string[]): Promise<TextLine[]> {
  try {
    const page = await doc.getPage(pageNumber)
    const lines = await pageTextLines(page)
    page.cleanup()
    return lines
  } catch (error) {
    warnings.push(`Page ${pageNumber}: text could not be read (${(error as Error).message}).`)
    return []
  }
}

/** First fill and stroke colour painted by each annotation's appearance stream on a page. */
async function appearanceColors(doc: PDFDocumentProxy, pageIndex: number): Promise<Map<string, PaintedColors>> {
  const colors = new Map<string, PaintedColors>()
  try {
    const page = await doc.getPage(pageIndex + 1)
    const list = await page.getOperatorList({ annotationMode: AnnotationMode.ENABLE })
    let current: PaintedColors | null = null
    for (let i = 0; i < list.fnArray.length; i++) {
      const fn = list.fnArray[i]
      const args = list.argsArray[i] as unknown[] | null
      if (fn === OPS.beginAnnotation) {
        current = { fill: null, stroke: null }
        colors.set(String(args?.[0]), current)
      } else if (fn === OPS.endAnnotation) {
        current = null
      } else if (current && fn === OPS.setFillRGBColor && !current.fill && typeof args?.[0] === 'string') {
        current.fill = args[0].toLowerCase()
      } else if (current && fn === OPS.setStrokeRGBColor && !current.stroke && typeof args?.[0] === 'string') {
        current.stroke = args[0].toLowerCase()
      }
    }
    page.cleanup()
  } catch {
    // No appearance colours: the reader defaults apply.
  }
  return colors
}
