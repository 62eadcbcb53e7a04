/**
 * From positioned glyphs to lines and words, in a "reading frame": coordinates rotated so
 * that the text runs along +x and "up" is +y, whatever the page /Rotate, the CTM or the
 * text matrix did. Line grouping, gaps and vertical order are all measured in that frame.
 */
import type { Glyph } from './glyphs.ts'
import type { Point } from './geometry.ts'

export type FramedGlyph = {
  glyph: Glyph
  /** Start and end of the baseline along the reading direction. */
  x0: number
  x1: number
  /** Baseline height across the reading direction (larger = higher on the page). */
  baseline: number
  size: number
}

export type Frame = { cos: number; sin: number }

/** The dominant text direction of these glyphs, snapped to a right angle when within 3°. */
export function readingFrame(glyphs: Glyph[]): Frame {
  let dx = 0
  let dy = 0
  for (const g of glyphs) {
    dx += g.end.x - g.start.x
    dy += g.end.y - g.start.y
  }
  let angle = Math.atan2(dy, dx)
  if (!Number.isFinite(angle) || (dx === 0 && dy === 0)) angle = 0
  const snapped = Math.round(angle / (Math.PI / 2)) * (Math.PI / 2)
  if (Math.abs(angle - snapped) < (3 * Math.PI) / 180) angle = snapped
  return { cos: Math.cos(angle), sin: Math.sin(angle) }
}

export function toFrame(frame: Frame, p: Point): { along: number; across: number } {
  return { along: p.x * frame.cos + p.y * frame.sin, across: -p.x * frame.sin + p.y * frame.cos }
}

export function frameGlyph(frame: Frame, glyph: Glyph): FramedGlyph {
  const start = toFrame(frame, glyph.start)
  const end = toFrame(frame, glyph.end)
  return {
    glyph,
    x0: Math.min(start.along, end.along),
    x1: Math.max(start.along, end.along),
    baseline: start.across,
    size: glyph.size || 1,
  }
}

/**
 * A word gap: wider than this fraction of the font size. TeX's tightest inter-word space is
 * about 0.22 em and kerning rarely exceeds 0.1 em, so 0.15 em separates the two.
 */
export const WORD_GAP_EM = 0.15

/** Same line when baselines differ by less than this fraction of the font size (sub/superscripts move ~0.3 em). */
const SAME_LINE_EM = 0.5

export function sameLine(a: FramedGlyph, b: FramedGlyph): boolean {
  return Math.abs(a.baseline - b.baseline) < SAME_LINE_EM * Math.max(a.size, b.size)
}

const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u
const LTR_LETTER = /[\p{L}\p{N}]/u

/** A line is right-to-left when most of its letters are Hebrew, Arabic, Syriac or Thaana. */
function isRightToLeft(glyphs: FramedGlyph[]): boolean {
  let rtl = 0
  let ltr = 0
  for (const g of glyphs) {
    if (RTL_LETTER.test(g.glyph.text)) rtl++
    else if (LTR_LETTER.test(g.glyph.text)) ltr++
  }
  return rtl > ltr
}

/**
 * Logical order of a right-to-left line given in visual (left-to-right) order: reversed, with
 * runs of left-to-right characters (numbers, Latin words) turned back. A simplified form of the
 * Unicode bidirectional algorithm, enough for the text under a highlight.
 */
function logicalOrder(visual: string[]): string[] {
  const reversed = visual.toReversed()
  const out: string[] = []
  let run: string[] = []
  const flush = () => {
    out.push(...run.toReversed())
    run = []
  }
  for (const piece of reversed) {
    if (!RTL_LETTER.test(piece) && (LTR_LETTER.test(piece) || (run.length > 0 && /^[.,:/-]$/.test(piece)))) run.push(piece)
    else {
      flush()
      out.push(piece)
    }
  }
  flush()
  return out
}

/**
 * Text of glyphs already known to form one line, sorted along the line. Spaces come from
 * space glyphs or from gaps; a glyph painted twice at the same spot (fake bold, shadows)
 * counts once. Right-to-left lines come out in logical order.
 */
export function lineText(glyphs: FramedGlyph[]): string {
  const sorted = [...glyphs].sort((a, b) => a.x0 - b.x0 || a.glyph.order - b.glyph.order)
  const pieces: string[] = []
  let previous: FramedGlyph | null = null
  for (const g of sorted) {
    if (g.glyph.isSpace) {
      if (pieces.length > 0 && pieces[pieces.length - 1] !== ' ') pieces.push(' ')
      continue
    }
    if (previous) {
      if (previous.glyph.text === g.glyph.text && Math.abs(previous.x0 - g.x0) < 0.1 * g.size) continue
      const gap = g.x0 - previous.x1
      if (gap > WORD_GAP_EM * Math.max(g.size, previous.size) && pieces[pieces.length - 1] !== ' ') pieces.push(' ')
    }
    pieces.push(g.glyph.text)
    previous = g
  }
  return (isRightToLeft(sorted) ? logicalOrder(pieces) : pieces).join('')
}

export type Line = { glyphs: FramedGlyph[]; text: string; baseline: number; x0: number; x1: number; size: number }

/**
 * Splits a page's glyphs, in content-stream order, into lines: a new line starts when the
 * baseline moves or the pen jumps backwards or far ahead (a column gutter).
 */
export function pageLines(glyphs: Glyph[]): Line[] {
  if (glyphs.length === 0) return []
  const frame = readingFrame(glyphs)
  const lines: Line[] = []
  let current: FramedGlyph[] = []
  const flush = () => {
    const visible = current.filter((g) => !g.glyph.isSpace)
    if (visible.length > 0) {
      lines.push({
        glyphs: current,
        text: lineText(current),
        baseline: visible[0].baseline,
        x0: Math.min(...visible.map((g) => g.x0)),
        x1: Math.max(...visible.map((g) => g.x1)),
        size: Math.max(...visible.map((g) => g.size)),
      })
    }
    current = []
  }
  let last: FramedGlyph | null = null
  for (const glyph of glyphs) {
    const g = frameGlyph(frame, glyph)
    if (last && !glyph.isSpace) {
      const jumpedBack = g.x0 < last.x0 - 0.5 * g.size
      const jumpedAhead = g.x0 - last.x1 > 3 * g.size
      if (!sameLine(last, g) || jumpedBack || jumpedAhead) flush()
    }
    current.push(g)
    if (!glyph.isSpace) last = g
  }
  flush()
  return lines
}
