/**
 * Annotations in the paper's reading order, page by page. A reader adds highlights in any
 * order and /Annots keeps that order; notes for a researcher should follow the text.
 *
 * On a page whose glyphs we have, an annotation's place is the content-stream position of the
 * first glyph it marks (text markup), or of the glyph nearest to its top-left corner (notes,
 * drawings, free text) — the content stream's order is the producer's reading order, columns
 * included. On other pages, top to bottom, then left to right.
 */
import type { Glyph } from './glyphs.ts'
import { glyphsUnderQuads } from './text-under-quads.ts'
import type { Point } from './geometry.ts'
import type { Annotation } from './types.ts'

function nearestGlyphOrder(glyphs: Glyph[], corner: Point): number | null {
  let best: Glyph | null = null
  let bestDistance = Infinity
  for (const glyph of glyphs) {
    if (glyph.isSpace) continue
    const [x0, y0, x1, y1] = glyph.bounds
    const dx = corner.x < x0 ? x0 - corner.x : corner.x > x1 ? corner.x - x1 : 0
    const dy = corner.y < y0 ? y0 - corner.y : corner.y > y1 ? corner.y - y1 : 0
    const distance = dx * dx + dy * dy
    if (distance < bestDistance) {
      bestDistance = distance
      best = glyph
    }
  }
  return best ? best.order : null
}

/**
 * Content-stream positions that place each annotation of one page in reading order (null when
 * the page has no glyphs or nothing near the annotation). `areaOf` gives a markup's quads.
 */
export function readingPositions(annotations: Annotation[], glyphs: Glyph[], areaOf: (annotation: Annotation) => Point[][] | null): Map<Annotation, number | null> {
  const positions = new Map<Annotation, number | null>()
  for (const annotation of annotations) {
    let order: number | null = null
    if (glyphs.length > 0) {
      const area = areaOf(annotation)
      if (area) {
        const marked = [...glyphsUnderQuads(glyphs, area).values()].flat()
        if (marked.length > 0) order = Math.min(...marked.map((g) => g.order))
      }
      const [x0, , , y1] = annotation.rect
      order ??= nearestGlyphOrder(glyphs, { x: x0, y: y1 })
    }
    positions.set(annotation, order)
  }
  return positions
}

/** By page; within a page by reading position, or top to bottom then left to right without one. */
export function sortInReadingOrder(annotations: Annotation[], positions: Map<Annotation, number | null>): Annotation[] {
  const key = (annotation: Annotation): number[] => {
    const position = positions.get(annotation) ?? null
    const [x0, , , y1] = annotation.rect
    return position === null ? [annotation.page, 1, -y1, x0] : [annotation.page, 0, position, 0]
  }
  const keys = new Map(annotations.map((a) => [a, key(a)]))
  return [...annotations].sort((a, b) => {
    const ka = keys.get(a) ?? []
    const kb = keys.get(b) ?? []
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i]
    return 0
  })
}
