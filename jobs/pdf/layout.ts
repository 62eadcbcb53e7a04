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

/** Spacing accents (TeX draws them as glyphs of their own) and the combining marks they stand for. */
export const SPACING_ACCENTS: Record<string, string> = {
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u00b4': '\u0301', // ´ acute
  '\u02ca': '\u0301', // ˊ acute (modifier letter)
  '\u0060': '\u0300', // ` grave
  '\u02cb': '\u0300', // ˋ grave (modifier letter)
  '\u02c6': '\u0302', // ˆ circumflex
  '\u02dc': '\u0303', // ˜ tilde
  '\u02da': '\u030a', // ˚ ring
  '\u02c7': '\u030c', // ˇ caron
  '\u00af': '\u0304', // ¯ macron
  '\u02c9': '\u0304', // ˉ macron (modifier letter)
  '\u02d8': '\u0306', // ˘ breve
  '\u02d9': '\u0307', // ˙ dot above
  '\u02dd': '\u030b', // ˝ double acute
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02db': '\u0328', // ˛ ogonek
}

const LETTER = /^\p{L}$/u

/**
 * Spacing accents joined into the letter they sit on, by geometry: the letter whose extent
 * along the line holds the accent's centre (TeX places the accent over its letter with a kern,
 * and the accent may come before or after the letter in the content stream, so neighbours in
 * the text say nothing). Returns the glyphs with accents removed and the accented letters'
 * text (NFC; a dotless ı or ȷ under an accent is i or j). An accent over no letter stays.
 */
function attachAccents(sorted: FramedGlyph[]): { glyphs: FramedGlyph[]; text: Map<FramedGlyph, string> } {
  const text = new Map<FramedGlyph, string>()
  if (!sorted.some((g) => SPACING_ACCENTS[g.glyph.text] !== undefined || /^\p{M}+$/u.test(g.glyph.text))) return { glyphs: sorted, text }
  const consumed = new Set<FramedGlyph>()
  for (const accent of sorted) {
    const mark = SPACING_ACCENTS[accent.glyph.text] ?? (/^\p{M}+$/u.test(accent.glyph.text) ? accent.glyph.text : undefined)
    if (mark === undefined) continue
    const centre = (accent.x0 + accent.x1) / 2
    let best: FramedGlyph | null = null
    let bestDistance = Infinity
    for (const g of sorted) {
      if (g === accent || g.glyph.isSpace || !LETTER.test(g.glyph.text)) continue
      if (centre < g.x0 || centre > g.x1) continue
      const distance = Math.abs(centre - (g.x0 + g.x1) / 2)
      if (distance < bestDistance) {
        best = g
        bestDistance = distance
      }
    }
    if (!best) continue
    const base = text.get(best) ?? (best.glyph.text === '\u0131' ? 'i' : best.glyph.text === '\u0237' ? 'j' : best.glyph.text)
    text.set(best, `${base}${mark}`.normalize('NFC'))
    consumed.add(accent)
  }
  return { glyphs: consumed.size > 0 ? sorted.filter((g) => !consumed.has(g)) : sorted, text }
}

/**
 * A space glyph counts only where the text really moves apart: some producers (iTextSharp)
 * write a space and then set the next letter back against the previous one ("wo uld" for a
 * printed "would"). A tenth of an em is far below any word space (TeX's tightest is ~0.22 em).
 */
const SPACE_GLYPH_MIN_GAP_EM = 0.1

/**
 * Text of glyphs already known to form one line, sorted along the line. Spaces come from
 * space glyphs or from gaps; a glyph painted twice at the same spot (fake bold, shadows)
 * counts once. Right-to-left lines come out in logical order.
 */
export function lineText(glyphs: FramedGlyph[]): string {
  const { glyphs: sorted, text } = attachAccents([...glyphs].sort((a, b) => a.x0 - b.x0 || a.glyph.order - b.glyph.order))
  const pieces: string[] = []
  let previous: FramedGlyph | null = null
  let spaceGlyph = false
  for (const g of sorted) {
    if (g.glyph.isSpace) {
      spaceGlyph = true
      continue
    }
    if (previous) {
      if (previous.glyph.text === g.glyph.text && Math.abs(previous.x0 - g.x0) < 0.1 * g.size) continue
      const gap = g.x0 - previous.x1
      const size = Math.max(g.size, previous.size)
      if (gap > WORD_GAP_EM * size || (spaceGlyph && gap > SPACE_GLYPH_MIN_GAP_EM * size)) pieces.push(' ')
    }
    spaceGlyph = false
    pieces.push(text.get(g) ?? g.glyph.text)
    previous = g
  }
  if (spaceGlyph && pieces.length > 0) pieces.push(' ')
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
