/**
 * Plain lines of a page from pdf.js's getTextContent — enough for the title block, DOIs and
 * the reference list, where exact glyph boxes do not matter and this is cheaper than
 * replaying the operator list.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { cleanText } from './hyphenation.ts'

export type TextLine = {
  text: string
  /** Font size in user space. */
  size: number
  x: number
  y: number
  /** 1-based page number. */
  page: number
  fontName: string
}

type Item = { str?: string; transform?: number[]; hasEOL?: boolean; fontName?: string; width?: number }

export async function pageTextLines(page: PDFPageProxy): Promise<TextLine[]> {
  const content = await page.getTextContent()
  const lines: TextLine[] = []
  let parts: string[] = []
  let first: Item | null = null
  let maxSize = 0
  let lastY: number | null = null
  let lastEnd: number | null = null
  const flush = () => {
    const text = cleanText(parts.join(''))
    if (text && first?.transform) {
      lines.push({ text, size: maxSize, x: first.transform[4], y: first.transform[5], page: page.pageNumber, fontName: first.fontName ?? '' })
    }
    parts = []
    first = null
    maxSize = 0
    lastY = null
    lastEnd = null
  }
  for (const raw of content.items as Item[]) {
    if (typeof raw.str !== 'string' || !raw.transform) continue
    const [, , c, d, x, y] = raw.transform
    const size = Math.hypot(c, d)
    if (lastY !== null && raw.str.trim() !== '' && (Math.abs(y - lastY) > 0.6 * Math.max(size, 1) || (lastEnd !== null && x < lastEnd - 2 * size))) flush()
    if (raw.str.trim() !== '') {
      if (!first) first = raw
      if (lastEnd !== null && x - lastEnd > 0.15 * size && !parts.at(-1)?.endsWith(' ')) parts.push(' ')
      maxSize = Math.max(maxSize, size)
      lastY = y
      lastEnd = x + (raw.width ?? 0)
    }
    parts.push(raw.str)
    if (raw.hasEOL) flush()
  }
  flush()
  return lines
}
