/**
 * The first page's lines as the title and author block need them: from pdf.js's text items,
 * with rotated text left out (arXiv's margin stamp, a journal's vertical banner) and raised
 * small text — affiliation and footnote markers (`Montague^a,1`, `Gal^∗+`) — turned into a
 * separator instead of being glued to the name (`Montaguea`).
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { cleanText } from '../hyphenation.ts'
import type { TextLine } from '../page-text.ts'

export type HeaderItem = { str: string; x: number; y: number; size: number; width: number; rotated: boolean; fontName: string }

type Item = { str?: string; transform?: number[]; width?: number; fontName?: string }

/** Marks where a superscript stood: names separate there, titles and other text lose it. */
export const MARK = '\u2063'

export function headerItems(items: Item[]): HeaderItem[] {
  const out: HeaderItem[] = []
  for (const raw of items) {
    if (typeof raw.str !== 'string' || !raw.transform || raw.str.trim() === '') continue
    const [a, b, c, d, x, y] = raw.transform
    const size = Math.hypot(c, d)
    // Upright text only: a ≈ size, b ≈ 0. Rotated or mirrored text is margin furniture.
    const rotated = a <= 0 || Math.abs(b) > 0.05 * Math.abs(a) || Math.abs(c) > 0.05 * Math.abs(d)
    out.push({ str: raw.str, x, y, size, width: raw.width ?? 0, rotated, fontName: raw.fontName ?? '' })
  }
  return out
}

/** Items → lines in content order; a small raised item inside a line becomes MARK. */
export function linesFromItems(items: HeaderItem[], page = 1): TextLine[] {
  const lines: TextLine[] = []
  let parts: { item: HeaderItem; sup: boolean }[] = []
  let base: HeaderItem | null = null
  let lastEnd: number | null = null
  const flush = () => {
    if (parts.length > 0 && base) {
      const size = base.size
      let text = ''
      let prevEnd: number | null = null
      for (const { item, sup } of parts) {
        const gap = prevEnd === null ? 0 : item.x - prevEnd
        if (sup) text += ` ${MARK} `
        else {
          // A gap of more than 1.5 em: the next column of an author block ("Ann Smith      Bo Li").
          if (gap > 1.5 * item.size) text += ` ${MARK} `
          else if (gap > 0.15 * item.size && !text.endsWith(' ')) text += ' '
          text += item.str
        }
        prevEnd = item.x + item.width
      }
      const cleaned = cleanText(text.replace(new RegExp(`(?:\\s*${MARK}\\s*)+`, 'g'), ` ${MARK} `)).trim()
      const first = parts.find((p) => !p.sup)?.item ?? parts[0].item
      if (cleaned.replaceAll(MARK, '').trim()) lines.push({ text: cleaned, size, x: first.x, y: base.y, page, fontName: base.fontName })
    }
    parts = []
    base = null
    lastEnd = null
  }
  for (const item of items) {
    if (item.rotated) continue
    if (base) {
      const rise = item.y - base.y
      const smaller = item.size < 0.85 * base.size
      const biggerBase = base.size < 0.85 * item.size
      const sameLine = Math.abs(rise) <= 0.3 * Math.max(base.size, item.size) || (smaller && rise > 0 && rise < 0.8 * base.size) || (biggerBase && rise < 0 && -rise < 0.8 * item.size)
      const backwards = lastEnd !== null && item.x < lastEnd - 2 * Math.max(item.size, base.size)
      if (!sameLine || backwards) flush()
    }
    if (!base) {
      base = item
    } else if (base.size < 0.85 * item.size) {
      // The line's first item was a superscript: the bigger text sets the baseline.
      for (const p of parts) p.sup = p.item.size < 0.85 * item.size && p.item.y > item.y
      base = item
    }
    const sup = item !== base && item.size < 0.85 * base.size && item.y > base.y + 0.1 * base.size
    parts.push({ item, sup })
    lastEnd = item.x + item.width
  }
  flush()
  return lines
}

/** Page 1's header lines (empty when the page cannot be read). */
export async function firstPageHeaderLines(doc: PDFDocumentProxy, pageNumber = 1): Promise<TextLine[]> {
  try {
    const page = await doc.getPage(pageNumber)
    const content = await page.getTextContent()
    return linesFromItems(headerItems(content.items as Item[]), pageNumber)
  } catch {
    return []
  }
}
