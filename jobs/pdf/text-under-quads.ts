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
import { frameGlyph, lineText, readingFrame, sameLine } from './layout.ts'
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

/** True when nothing follows the segment's last glyph on its line (it ends at the column edge). */
function endsItsLine(all: Glyph[], frame: Frame, segment: Segment): boolean {
  const last = frameGlyph(frame, all[segment.lastOrder])
  return !all.some((g) => {
    if (g.isSpace || g.order === segment.lastOrder) return false
    const f = frameGlyph(frame, g)
    return sameLine(f, last) && f.x0 >= last.x1 - 0.1 * last.size && f.x0 - last.x1 < 1.5 * last.size
  })
}

/**
 * The first word of the line below the one holding glyph `order`, in the same column: for a
 * highlight that ends on "com-", the rest of the word is at the start of the next line.
 */
function continuationAfter(all: Glyph[], frame: Frame, order: number): string {
  const last = frameGlyph(frame, all[order])
  const framed = all.filter((g) => !g.isSpace).map((g) => frameGlyph(frame, g))
  const currentLine = framed.filter((g) => sameLine(g, last))
  const lineStart = Math.min(...currentLine.map((g) => g.x0))
  const below = framed.filter(
    (g) =>
      g.baseline < last.baseline - 0.5 * last.size &&
      g.baseline > last.baseline - 2.5 * last.size &&
      g.x1 > lineStart - last.size &&
      g.x0 < last.x1,
  )
  if (below.length === 0) return ''
  const nextBaseline = Math.max(...below.map((g) => g.baseline))
  const nextLine = below.filter((g) => Math.abs(g.baseline - nextBaseline) < 0.3 * g.size).sort((a, b) => a.x0 - b.x0)
  const word: FramedGlyph[] = []
  for (const g of nextLine) {
    const previous = word[word.length - 1]
    if (previous && g.x0 - previous.x1 > 0.15 * g.size) break
    word.push(g)
  }
  return lineText(word).match(/^[\p{L}\p{N}'’-]*/u)?.[0] ?? ''
}

export function textUnderQuads(all: Glyph[], quads: Point[][], lexicon: Lexicon): string {
  const byQuad = glyphsUnderQuads(all, quads)
  const selected = [...byQuad.values()].flat()
  if (selected.length === 0) return ''
  const frame = readingFrame(selected.filter((g) => !g.isSpace).length > 0 ? selected.filter((g) => !g.isSpace) : selected)

  let segments: Segment[] = []
  for (const glyphs of byQuad.values()) {
    for (const line of splitByLine(glyphs.map((g) => frameGlyph(frame, g)))) segments.push(makeSegment(line))
  }
  segments = mergeSegments(segments).sort(compareSegments)

  let text = ''
  for (const segment of segments) {
    let piece = lineText(segment.glyphs)
    if (missedLineEndHyphen(all, frame, segment) && !/[-\u00ad\u2010]\s*$/.test(piece)) piece = `${piece.trimEnd()}-`
    text = joinLines(text, piece, lexicon)
  }

  // A highlight that stops on a line-end hyphen stops inside a word: finish the word.
  const lastSegment = segments[segments.length - 1]
  const trimmed = text.replace(/\s+$/, '')
  if (/[-\u00ad\u2010]$/.test(trimmed) && endsItsLine(all, frame, lastSegment)) {
    const continuation = continuationAfter(all, frame, lastSegment.lastOrder + (missedLineEndHyphen(all, frame, lastSegment) ? 1 : 0))
    if (continuation) {
      text = keepsHyphen(trimmed, continuation, lexicon) ? `${trimmed.slice(0, -1)}-${continuation}` : `${trimmed.slice(0, -1)}${continuation}`
    }
  }
  return cleanText(text)
}
