/**
 * The text under a markup annotation.
 *
 * A glyph belongs to the annotation when most of its box (> 50 % of its area) lies inside
 * one of the annotation's quads; with overlapping quads (pdf.js's free highlighter writes
 * dozens) the covered fractions of the quads are added up. Each quad's glyphs form
 * segments (one per text line it touches); segments are put in reading order and joined
 * with the line-end rules of hyphenation.ts.
 */
import { boundingBox, coveredFraction, rectsOverlap } from './geometry.ts'
import type { Point, Rect } from './geometry.ts'
import type { Glyph } from './glyphs.ts'
import { cleanText, joinLines, keepsHyphen } from './hyphenation.ts'
import type { Lexicon } from './hyphenation.ts'
import { frameGlyph, lineText, readingFrame, sameLine, toFrame } from './layout.ts'
import type { FramedGlyph, Frame } from './layout.ts'

const MAJORITY = 0.5

type Segment = { glyphs: FramedGlyph[]; baseline: number; x0: number; x1: number; size: number; firstOrder: number; lastOrder: number }

/** Glyphs (by content order) that belong to the area described by `quads`. */
export function glyphsUnderQuads(glyphs: Glyph[], quads: Point[][]): Map<number, Glyph[]> {
  const byQuad = new Map<number, Glyph[]>()
  if (quads.length === 0) return byQuad
  const quadBoxes = quads.map((q) => boundingBox(q))
  const outer: Rect = boundingBox(quads.flat())
  for (const glyph of glyphs) {
    const box = glyph.bounds
    if (!rectsOverlap(box, outer)) continue
    let best = -1
    let bestCoverage = 0
    let total = 0
    for (let q = 0; q < quads.length; q++) {
      if (!rectsOverlap(box, quadBoxes[q])) continue
      const coverage = coveredFraction(glyph.box, quads[q])
      total += coverage
      if (coverage > bestCoverage) {
        bestCoverage = coverage
        best = q
      }
    }
    if (best >= 0 && (bestCoverage > MAJORITY || total > MAJORITY)) {
      const list = byQuad.get(best) ?? []
      list.push(glyph)
      byQuad.set(best, list)
    }
  }
  return byQuad
}

function makeSegment(glyphs: FramedGlyph[]): Segment {
  const visible = glyphs.filter((g) => !g.glyph.isSpace)
  const basis = visible.length > 0 ? visible : glyphs
  return {
    glyphs,
    baseline: basis.reduce((s, g) => s + g.baseline, 0) / basis.length,
    x0: Math.min(...basis.map((g) => g.x0)),
    x1: Math.max(...basis.map((g) => g.x1)),
    size: Math.max(...basis.map((g) => g.size)),
    firstOrder: Math.min(...basis.map((g) => g.glyph.order)),
    lastOrder: Math.max(...basis.map((g) => g.glyph.order)),
  }
}

/** Splits one quad's glyphs by text line (a tall quad may touch two lines). */
function splitByLine(glyphs: FramedGlyph[]): FramedGlyph[][] {
  const groups: FramedGlyph[][] = []
  for (const g of [...glyphs].sort((a, b) => b.baseline - a.baseline)) {
    const group = groups.find((candidate) => candidate.some((other) => !other.glyph.isSpace && sameLine(other, g)))
    if (group) group.push(g)
    else groups.push([g])
  }
  return groups
}

/**
 * Segments on one line that touch or overlap become one: fragments of overlapping quads, and
 * the little quads some readers put over superscripts ("Shaver∗"). Lines are formed around
 * the largest text first so that a raised footnote mark joins its own line.
 */
function mergeSegments(segments: Segment[]): Segment[] {
  const lines: Segment[][] = []
  for (const segment of [...segments].sort((a, b) => b.size - a.size)) {
    let best: Segment[] | null = null
    let bestDistance = Infinity
    for (const line of lines) {
      const distance = Math.abs(line[0].baseline - segment.baseline)
      if (distance < 0.5 * line[0].size && distance < bestDistance) {
        best = line
        bestDistance = distance
      }
    }
    if (best) best.push(segment)
    else lines.push([segment])
  }
  const merged: Segment[] = []
  for (const line of lines) {
    let current: Segment | null = null
    for (const segment of line.sort((a, b) => a.x0 - b.x0)) {
      if (current && segment.x0 <= current.x1 + 0.5 * Math.max(current.size, segment.size)) {
        current = makeSegment([...current.glyphs, ...segment.glyphs])
        merged[merged.length - 1] = current
      } else {
        current = segment
        merged.push(current)
      }
    }
  }
  return merged
}

/**
 * Reading order of segments: within one column (their extents overlap along the line),
 * top to bottom; otherwise the content stream's order, which is the producer's reading order
 * for the columns of a page (and puts a highlight's end on a later line after its start even
 * when the two do not overlap horizontally).
 */
function compareSegments(a: Segment, b: Segment): number {
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)
  const lineApart = Math.abs(a.baseline - b.baseline) > 0.5 * Math.max(a.size, b.size)
  if (overlap > 0 && lineApart) return b.baseline - a.baseline
  if (!lineApart) return a.x0 - b.x0
  return a.firstOrder - b.firstOrder
}

function isHyphen(text: string): boolean {
  return text === '-' || text === '\u00ad' || text === '\u2010'
}

/**
 * When the glyph right after a segment (in content order) is a hyphen that ends its line,
 * the quad just missed it (the "pop-" + "ular" case): report it so the line join can see it.
 */
function missedLineEndHyphen(all: Glyph[], frame: Frame, segment: Segment): boolean {
  const next = all[segment.lastOrder + 1]
  if (!next || !isHyphen(next.text)) return false
  let after: Glyph | undefined
  for (let i = segment.lastOrder + 2; i < all.length && !after; i++) if (!all[i].isSpace) after = all[i]
  if (!after) return true
  return !sameLine(frameGlyph(frame, next), frameGlyph(frame, after))
}

/** Beyond this gap (in em) a glyph on the same line is in another column. */
const COLUMN_GAP_EM = 1.5
/** Within this gap (in em) a glyph on the same line is the same column's next word. */
const WORD_SPACE_EM = 0.6

/**
 * True when glyph `order` ends its line within its column: nothing follows it on the line, or
 * what follows is the next column (far away, or — between a wide word space and a narrow
 * gutter — not where the content stream goes next).
 */
function endsItsLine(all: Glyph[], frame: Frame, order: number): boolean {
  const last = frameGlyph(frame, all[order])
  let nearest: FramedGlyph | null = null
  for (const g of all) {
    if (g.isSpace || g.order === order) continue
    const f = frameGlyph(frame, g)
    if (!sameLine(f, last) || f.x0 < last.x1 - 0.1 * last.size) continue
    if (!nearest || f.x0 < nearest.x0) nearest = f
  }
  if (!nearest) return true
  const gap = nearest.x0 - last.x1
  if (gap < WORD_SPACE_EM * last.size) return false
  if (gap > COLUMN_GAP_EM * last.size) return true
  return nextVisible(all, order)?.order !== nearest.glyph.order
}

function nextVisible(all: Glyph[], order: number): Glyph | undefined {
  for (let i = order + 1; i < all.length; i++) if (!all[i].isSpace) return all[i]
  return undefined
}

/**
 * The line of glyph `order` within its column: the glyphs on its line that the content stream
 * draws with it (walking back and forth while the pen stays on the line and moves by less
 * than a column gap), so that a two-column page's other column is not part of it.
 */
function columnLine(all: Glyph[], frame: Frame, order: number): FramedGlyph[] {
  const anchor = frameGlyph(frame, all[order])
  const line = [anchor]
  for (const step of [-1, 1]) {
    let edge = anchor
    for (let i = order + step; i >= 0 && i < all.length; i += step) {
      if (all[i].isSpace) continue
      const f = frameGlyph(frame, all[i])
      if (!sameLine(f, anchor)) break
      const gap = step < 0 ? edge.x0 - f.x1 : f.x0 - edge.x1
      if (gap > COLUMN_GAP_EM * anchor.size || gap < -2 * anchor.size) break
      line.push(f)
      edge = f
    }
  }
  return line
}

/** The first word of a line's glyphs (sorted along the line), letters, digits, apostrophes and hyphens. */
function firstWordOf(glyphs: FramedGlyph[]): string {
  const word: FramedGlyph[] = []
  for (const g of glyphs) {
    const previous = word[word.length - 1]
    if (previous && g.x0 - previous.x1 > 0.15 * g.size) break
    word.push(g)
  }
  return lineText(word).match(/^[\p{L}\p{N}'’-]*/u)?.[0] ?? ''
}

/**
 * The rest of a word whose first part ends a line with a hyphen (glyph `order`): the first
 * word of the next line of the same column — the nearest line below that overlaps this line's
 * extent in its column (the other column of a two-column page is never taken) — or, at the
 * foot of a column, the first word the content stream draws after the hyphen on another line
 * (the top of the next column).
 */
function continuationAfter(all: Glyph[], frame: Frame, order: number): string {
  const last = frameGlyph(frame, all[order])
  const line = columnLine(all, frame, order)
  const lineStart = Math.min(...line.map((g) => g.x0))
  const lineEnd = Math.max(...line.map((g) => g.x1))
  const below: FramedGlyph[] = []
  for (const g of all) {
    if (g.isSpace) continue
    const f = frameGlyph(frame, g)
    if (f.baseline >= last.baseline - 0.5 * last.size || f.baseline < last.baseline - 2.5 * last.size) continue
    if (f.x1 <= lineStart || f.x0 >= lineEnd) continue
    if (f.size < 0.75 * last.size || f.size > 1.35 * last.size) continue
    below.push(f)
  }
  // The next line is the nearest one down that starts with a word (stray glyphs of a figure or
  // a formula between the lines are passed over); the word starts where the content stream
  // starts drawing that line (left of this line's start when this one is indented).
  const baselines = [...new Set(below.map((g) => g.baseline))].sort((a, b) => b - a)
  const tried: number[] = []
  for (const baseline of baselines) {
    if (tried.some((b) => Math.abs(b - baseline) < 0.3 * last.size)) continue
    tried.push(baseline)
    const seed = below.filter((g) => Math.abs(g.baseline - baseline) < 0.3 * g.size).reduce((a, b) => (b.x0 < a.x0 ? b : a))
    const word = firstWordOf(columnLine(all, frame, seed.glyph.order).sort((a, b) => a.x0 - b.x0))
    if (word) return word
  }
  if (below.length > 0) return ''
  // Foot of the column: the content stream goes on at the top of the next column.
  const next = nextVisible(all, order)
  if (!next) return ''
  const first = frameGlyph(frame, next)
  if (sameLine(first, last) || first.size < 0.75 * last.size || first.size > 1.35 * last.size) return ''
  return firstWordOf(columnLine(all, frame, next.order).sort((a, b) => a.x0 - b.x0).filter((g) => g.x0 >= first.x0 - 0.01))
}

const visibleCount = (group: FramedGlyph[]) => group.filter((g) => !g.glyph.isSpace).length

/**
 * A quad's glyphs on text lines whose baseline lies outside the quad are dropped: parts of a
 * displayed equation next to the highlighted line (fraction parts, limits, big operators) or of
 * a neighbouring line, which a padded quad reaches. Lines whose baseline the quad spans stay (a
 * free-hand highlight over two lines); when no line has its baseline inside (a tiny quad over a
 * superscript), the line with the most glyphs stays.
 */
function dropLinesOutsideQuad(groups: FramedGlyph[][], quadPoints: Point[], frame: Frame): FramedGlyph[][] {
  if (groups.length < 2) return groups
  const across = quadPoints.map((p) => toFrame(frame, p).across)
  const low = Math.min(...across)
  const high = Math.max(...across)
  const inside = groups.filter((group) => {
    const visible = group.filter((g) => !g.glyph.isSpace)
    if (visible.length === 0) return false
    const baseline = visible.reduce((s, g) => s + g.baseline, 0) / visible.length
    return baseline >= low && baseline <= high
  })
  if (inside.length > 0) return inside
  return [groups.reduce((a, b) => (visibleCount(b) > visibleCount(a) ? b : a))]
}

/** True when the marked text ends on a hyphen that ends its line (the highlight stops inside a word). */
export function endsOnLineEndHyphen(all: Glyph[], quads: Point[][]): boolean {
  return markedText(all, quads, null).endsOnHyphen
}

type Marked = { text: string; endsOnHyphen: boolean; frame: Frame | null; hyphenOrder: number }

function markedText(all: Glyph[], quads: Point[][], lexicon: Lexicon | null): Marked {
  const byQuad = glyphsUnderQuads(all, quads)
  const selected = [...byQuad.values()].flat()
  if (selected.length === 0) return { text: '', endsOnHyphen: false, frame: null, hyphenOrder: -1 }
  const visible = selected.filter((g) => !g.isSpace)
  const frame = readingFrame(visible.length > 0 ? visible : selected)

  let segments: Segment[] = []
  for (const [q, glyphs] of byQuad) {
    for (const line of dropLinesOutsideQuad(splitByLine(glyphs.map((g) => frameGlyph(frame, g))), quads[q], frame)) segments.push(makeSegment(line))
  }
  segments = mergeSegments(segments).sort(compareSegments)

  let text = ''
  for (const segment of segments) {
    let piece = lineText(segment.glyphs)
    if (missedLineEndHyphen(all, frame, segment) && !/[-\u00ad\u2010]\s*$/.test(piece)) piece = `${piece.trimEnd()}-`
    text = joinLines(text, piece, lexicon ?? { words: new Set(), hyphenated: new Set() })
  }
  const lastSegment = segments[segments.length - 1]
  const hyphenOrder = lastSegment.lastOrder + (missedLineEndHyphen(all, frame, lastSegment) ? 1 : 0)
  const endsOnHyphen = /[-\u00ad\u2010]$/.test(text.replace(/\s+$/, '')) && endsItsLine(all, frame, hyphenOrder)
  return { text, endsOnHyphen, frame, hyphenOrder }
}

export function textUnderQuads(all: Glyph[], quads: Point[][], lexicon: Lexicon): string {
  const { text, endsOnHyphen, frame, hyphenOrder } = markedText(all, quads, lexicon)
  if (!frame) return ''
  // A highlight that stops on a line-end hyphen stops inside a word: finish the word.
  if (endsOnHyphen) {
    const trimmed = text.replace(/\s+$/, '')
    const continuation = continuationAfter(all, frame, hyphenOrder)
    if (continuation) {
      return cleanText(keepsHyphen(trimmed, continuation, lexicon) ? `${trimmed.slice(0, -1)}-${continuation}` : `${trimmed.slice(0, -1)}${continuation}`)
    }
  }
  return cleanText(text)
}
