/** Positioned glyphs built by hand, with proportional widths, for geometry tests without a PDF. */
import { boundingBox } from '../geometry.ts'
import type { Point } from '../geometry.ts'
import type { Glyph } from '../glyphs.ts'

/** Advance widths in em, roughly Times: narrow i/l, wide m/w, the rest half an em. */
export function advance(ch: string): number {
  if ('il.,;:!|\'’'.includes(ch)) return 0.28
  if ('mwMW'.includes(ch)) return 0.83
  if (ch === ' ') return 0.25
  return 0.5
}

/**
 * Lays `text` out from (x, baseline) along direction `angle` (radians, 0 = left to right),
 * appending to `out` with increasing content order.
 */
export function layOut(out: Glyph[], text: string, x: number, baseline: number, size = 10, angle = 0): Glyph[] {
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const at = (along: number, across: number): Point => ({ x: x + along * cos - across * sin, y: baseline + along * sin + across * cos })
  let pen = 0
  for (const ch of text) {
    const width = advance(ch) * size
    const box = [at(pen, -0.2 * size), at(pen + width, -0.2 * size), at(pen + width, 0.8 * size), at(pen, 0.8 * size)]
    out.push({ text: ch, isSpace: ch === ' ', box, bounds: boundingBox(box), start: at(pen, 0), end: at(pen + width, 0), size, order: out.length })
    pen += width
  }
  return out
}

/** The width of `text` in user space at `size`. */
export function widthOf(text: string, size = 10): number {
  return [...text].reduce((sum, ch) => sum + advance(ch) * size, 0)
}

/** An axis-aligned quad. */
export function quad(x0: number, y0: number, x1: number, y1: number): Point[] {
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ]
}
