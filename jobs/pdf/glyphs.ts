/**
 * Real glyph positions from a page's operator list.
 *
 * pdf.js's getTextContent() only reports runs of text with a total width, and splitting
 * a run evenly puts glyph boundaries in the wrong place for proportional fonts (an "i"
 * is a third of an "m"). So we replay the text operators of the operator list — the
 * same arithmetic as pdf.js's canvas renderer (CanvasGraphics.showText) — and get each
 * glyph's own advance width, font size, text matrix and CTM, hence its exact box in user
 * space. Annotation appearance streams are not part of the list (AnnotationMode.DISABLE),
 * so text drawn by a FreeText or Stamp never counts as page text.
 */
import { AnnotationMode, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { apply, boundingBox, IDENTITY, multiply } from './geometry.ts'
import type { Matrix, Point, Rect } from './geometry.ts'

export type Glyph = {
  /** Unicode text of the glyph as the font maps it (may be several characters, e.g. a ligature). */
  text: string
  isSpace: boolean
  /** Box corners in user space: baseline-start+descent, baseline-end+descent, baseline-end+ascent, baseline-start+ascent. */
  box: Point[]
  /** Axis-aligned bounds of `box`, for quick rejection. */
  bounds: Rect
  /** Baseline start and end in user space. */
  start: Point
  end: Point
  /** Height of the em square in user space. */
  size: number
  /** Position in the content stream (0-based), a proxy for the producer's reading order. */
  order: number
}

type FontInfo = {
  fontMatrix?: number[]
  vertical?: boolean
  ascent?: number
  descent?: number
  isType3Font?: boolean
}

type RawGlyph = { unicode?: string; width?: number; isSpace?: boolean; vmetric?: number[] } | number

type TextState = {
  ctm: Matrix
  textMatrix: Matrix
  x: number
  y: number
  lineX: number
  lineY: number
  font: FontInfo | null
  fontSize: number
  fontDirection: number
  charSpacing: number
  wordSpacing: number
  hScale: number
  leading: number
  rise: number
}

function initialState(): TextState {
  return {
    ctm: IDENTITY,
    textMatrix: IDENTITY,
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
    font: null,
    fontSize: 0,
    fontDirection: 1,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
  }
}

/**
 * Font ascent/descent as a fraction of the em. pdf.js reports them only with
 * fontExtraProperties (off, see load.ts), so the usual 0.8 / −0.2 apply; odd values are clamped.
 */
function verticalExtent(font: FontInfo | null): { ascent: number; descent: number } {
  let ascent = typeof font?.ascent === 'number' ? font.ascent : 0.8
  let descent = typeof font?.descent === 'number' ? font.descent : -0.2
  if (!(ascent > 0.5 && ascent <= 1.1)) ascent = 0.8
  if (!(descent < 0 && descent >= -0.4)) descent = -0.2
  return { ascent, descent }
}

function asMatrix(value: unknown): Matrix | null {
  if (!value || typeof value !== 'object') return null
  const m = value as ArrayLike<number>
  const out = [m[0], m[1], m[2], m[3], m[4], m[5]].map(Number)
  return out.every(Number.isFinite) ? (out as Matrix) : null
}

export async function pageGlyphs(page: PDFPageProxy): Promise<Glyph[]> {
  const operatorList = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE })
  const fontCache = new Map<string, FontInfo | null>()
  const fontByName = (name: string): FontInfo | null => {
    if (!fontCache.has(name)) {
      let font: FontInfo | null = null
      try {
        font = page.commonObjs.has(name) ? (page.commonObjs.get(name) as FontInfo) : null
      } catch {
        font = null
      }
      fontCache.set(name, font)
    }
    return fontCache.get(name) ?? null
  }

  const glyphs: Glyph[] = []
  const stack: TextState[] = []
  let state = initialState()
  const { fnArray, argsArray } = operatorList

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]
    const args = argsArray[i] as unknown[] | null
    switch (fn) {
      case OPS.save:
        stack.push({ ...state })
        break
      case OPS.restore:
        state = stack.pop() ?? state
        break
      case OPS.transform: {
        const m = asMatrix(args)
        if (m) state.ctm = multiply(m, state.ctm)
        break
      }
      case OPS.paintFormXObjectBegin: {
        stack.push({ ...state })
        const m = asMatrix(args?.[0])
        if (m) state.ctm = multiply(m, state.ctm)
        break
      }
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state
        break
      case OPS.beginText:
        state.textMatrix = IDENTITY
        state.x = state.lineX = 0
        state.y = state.lineY = 0
        break
      case OPS.setFont: {
        const size = Number(args?.[1] ?? 0)
        state.font = fontByName(String(args?.[0]))
        state.fontDirection = size < 0 ? -1 : 1
        state.fontSize = Math.abs(size)
        break
      }
      case OPS.setTextMatrix: {
        const m = asMatrix(args?.length === 1 ? args[0] : args)
        if (m) state.textMatrix = m
        state.x = state.lineX = 0
        state.y = state.lineY = 0
        break
      }
      case OPS.moveText:
        state.x = state.lineX += Number(args?.[0] ?? 0)
        state.y = state.lineY += Number(args?.[1] ?? 0)
        break
      case OPS.setLeadingMoveText:
        // TD: "-ty TL, tx ty Td"; pdf.js stores the leading negated, as a y offset.
        state.leading = Number(args?.[1] ?? 0)
        state.x = state.lineX += Number(args?.[0] ?? 0)
        state.y = state.lineY += Number(args?.[1] ?? 0)
        break
      case OPS.nextLine:
        state.x = state.lineX
        state.y = state.lineY += state.leading
        break
      case OPS.setLeading:
        state.leading = -Number(args?.[0] ?? 0)
        break
      case OPS.setCharSpacing:
        state.charSpacing = Number(args?.[0] ?? 0)
        break
      case OPS.setWordSpacing:
        state.wordSpacing = Number(args?.[0] ?? 0)
        break
      case OPS.setHScale:
        state.hScale = Number(args?.[0] ?? 100) / 100
        break
      case OPS.setTextRise:
        state.rise = Number(args?.[0] ?? 0)
        break
      case OPS.showText:
      case OPS.showSpacedText:
        showText(state, (args?.[0] ?? []) as RawGlyph[], glyphs)
        break
      default:
        break
    }
  }
  return glyphs
}

/** Mirrors CanvasGraphics.showText / showType3Text: advances state.x and records each glyph's box. */
function showText(state: TextState, rawGlyphs: RawGlyph[], out: Glyph[]): void {
  const font = state.font
  const fontSize = state.fontSize
  if (!font || fontSize === 0) return
  const fontMatrix = font.fontMatrix ?? [0.001, 0, 0, 0.001, 0, 0]
  const widthAdvanceScale = fontSize * fontMatrix[0]
  const emHeight = fontSize * Math.abs(fontMatrix[3] || fontMatrix[0]) * 1000
  const textHScale = state.hScale * state.fontDirection
  const vertical = Boolean(font.vertical)
  const spacingDir = vertical ? 1 : -1
  const { ascent, descent } = verticalExtent(font)
  const toUser = multiply(state.textMatrix, state.ctm)
  const y = state.y + state.rise
  let x = 0

  for (const glyph of rawGlyphs) {
    if (typeof glyph === 'number') {
      x += (spacingDir * glyph * fontSize) / 1000
      continue
    }
    // Word spacing applies to byte 32 (pdf.js's isSpace), whatever glyph it draws; but whether a
    // glyph is white space is its Unicode text: subset fonts (OpenOffice numbers the glyphs of a
    // subset in order of use) may draw a comma or a letter with code 32.
    const spacing = (glyph.isSpace ? state.wordSpacing : 0) + state.charSpacing
    let width = Number(glyph.width ?? 0)
    if (vertical && Array.isArray(glyph.vmetric)) width = -Number(glyph.vmetric[0])
    const glyphAdvance = width * widthAdvanceScale
    const text = glyph.unicode ?? ''
    if (text !== '') {
      if (vertical) {
        // Vertical writing: the glyph stands below the pen position, one em wide.
        const top = state.y - x
        const x0 = state.x - emHeight / 2
        const corners = [
          apply(toUser, x0, top + glyphAdvance),
          apply(toUser, x0 + emHeight, top + glyphAdvance),
          apply(toUser, x0 + emHeight, top),
          apply(toUser, x0, top),
        ]
        out.push({
          text,
          isSpace: text.trim() === '',
          box: corners,
          bounds: boundingBox(corners),
          start: apply(toUser, state.x, top),
          end: apply(toUser, state.x, top + glyphAdvance),
          size: emSizeInUserSpace(toUser, emHeight),
          order: out.length,
        })
      } else {
        const x0 = state.x + x * textHScale
        const x1 = x0 + glyphAdvance * textHScale
        const yDescent = y + descent * emHeight
        const yAscent = y + ascent * emHeight
        const box = [apply(toUser, x0, yDescent), apply(toUser, x1, yDescent), apply(toUser, x1, yAscent), apply(toUser, x0, yAscent)]
        out.push({
          text,
          isSpace: text.trim() === '',
          box,
          bounds: boundingBox(box),
          start: apply(toUser, x0, y),
          end: apply(toUser, x1, y),
          size: emSizeInUserSpace(toUser, emHeight),
          order: out.length,
        })
      }
    }
    x += vertical ? glyphAdvance - spacing * state.fontDirection : glyphAdvance + spacing * state.fontDirection
  }
  if (vertical) state.y -= x
  else state.x += x * textHScale
}

/** Length in user space of a vertical em in text space (the text matrix may scale or rotate). */
function emSizeInUserSpace(m: Matrix, emHeight: number): number {
  return Math.hypot(m[2], m[3]) * emHeight
}
