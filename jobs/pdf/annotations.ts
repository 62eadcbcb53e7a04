/**
 * pdf.js annotation data → our Annotation records: type names, comments from /Contents or
 * the popup, replies (/IRT) attached to their parent, Acrobat's "replace text" group,
 * colours with their fallbacks, dates, normalised rects.
 */
import { READER_DEFAULT_COLORS, rgbToHex } from './colors.ts'
import { pdfDateToIso } from './dates.ts'
import { normalizeRect, quadsFromPoints } from './geometry.ts'
import type { Point, Rect } from './geometry.ts'
import type { Annotation, AnnotationType, Reply } from './types.ts'

/** The subset of pdf.js's annotation data we read (getAnnotationsByType output). */
export type RawAnnotation = {
  id: string
  subtype: string
  pageIndex: number
  rect?: ArrayLike<number>
  color?: ArrayLike<number> | null
  quadPoints?: ArrayLike<number> | null
  contentsObj?: { str?: string } | null
  titleObj?: { str?: string } | null
  modificationDate?: string | null
  creationDate?: string | null
  popupRef?: string | null
  inReplyTo?: string | null
  replyType?: string | null
  defaultAppearanceData?: { fontColor?: ArrayLike<number> } | null
  textContent?: string[] | null
  hasAppearance?: boolean
}

const TYPE_BY_SUBTYPE: Record<string, AnnotationType> = {
  Highlight: 'highlight',
  Underline: 'underline',
  StrikeOut: 'strikeout',
  Squiggly: 'squiggly',
  Text: 'note',
  FreeText: 'freetext',
  Caret: 'caret',
  Ink: 'ink',
  Square: 'square',
  Circle: 'circle',
  Polygon: 'polygon',
  PolyLine: 'polyline',
  Line: 'line',
  Stamp: 'stamp',
  FileAttachment: 'fileattachment',
}

export const TEXT_MARKUP: ReadonlySet<AnnotationType> = new Set(['highlight', 'underline', 'strikeout', 'squiggly'])

/** Drawings and stamps only matter to a researcher when they carry a comment. */
const KEPT_ONLY_WITH_COMMENT: ReadonlySet<AnnotationType> = new Set([
  'ink',
  'square',
  'circle',
  'polygon',
  'polyline',
  'line',
  'stamp',
  'fileattachment',
])

/** Types whose colour is only ever what the file says: no appearance or reader default applies. */
const COLOURLESS: ReadonlySet<AnnotationType> = new Set(['stamp', 'fileattachment'])

export function annotationType(subtype: string): AnnotationType | null {
  return TYPE_BY_SUBTYPE[subtype] ?? null
}

export function commentText(value: string | null | undefined): string | null {
  if (!value) return null
  const text = value.replace(/\r\n?/g, '\n').replace(/[ \t\u00a0]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim()
  return text === '' ? null : text
}

export function markupQuads(raw: RawAnnotation): Point[][] {
  return quadsFromPoints(raw.quadPoints ?? null)
}

/** The area whose text a markup annotation marks: its quads, else its rect. */
export function markedArea(raw: RawAnnotation): Point[][] {
  const quads = markupQuads(raw)
  if (quads.length > 0) return quads
  const [x0, y0, x1, y1] = normalizeRect(raw.rect ?? [0, 0, 0, 0])
  return [
    [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ],
  ]
}

export type PaintedColors = { fill: string | null; stroke: string | null }
export type AppearanceColors = (pageIndex: number) => Promise<Map<string, PaintedColors>>

/** Highlights and shapes are filled; lines, underlines and ink are stroked. */
const FILLED: ReadonlySet<AnnotationType> = new Set(['highlight', 'freetext', 'note'])

type Built = { raw: RawAnnotation; annotation: Annotation }

/**
 * Builds the annotation list (without markup text, which needs the page's glyphs).
 * `appearanceColors` is only called for pages where some annotation lacks /C.
 */
export async function buildAnnotations(
  raws: RawAnnotation[],
  pageLabels: (string | null)[] | null,
  appearanceColors: AppearanceColors,
): Promise<{ annotations: Annotation[]; rawById: Map<string, RawAnnotation> }> {
  const popups = new Map<string, RawAnnotation>()
  for (const raw of raws) if (raw.subtype === 'Popup') popups.set(raw.id, raw)

  const built: Built[] = []
  for (const raw of raws) {
    const type = annotationType(raw.subtype)
    if (!type) continue
    const popup = raw.popupRef ? popups.get(raw.popupRef) : undefined
    let comment = commentText(raw.contentsObj?.str) ?? commentText(popup?.contentsObj?.str)
    if (type === 'freetext' && !comment && raw.textContent?.length) comment = commentText(raw.textContent.join('\n'))
    const rect = normalizeRect(raw.rect ?? [0, 0, 0, 0]).map((v) => Math.round(v * 100) / 100) as Rect
    built.push({
      raw,
      annotation: {
        id: raw.id,
        type,
        page: raw.pageIndex + 1,
        pageLabel: pageLabels?.[raw.pageIndex] ?? null,
        color: null,
        text: null,
        comment,
        author: commentText(raw.titleObj?.str) ?? commentText(popup?.titleObj?.str),
        modified: pdfDateToIso(raw.modificationDate) ?? pdfDateToIso(raw.creationDate),
        rect,
        citations: [],
        replies: [],
      },
    })
  }

  await assignColors(built, appearanceColors)

  const byId = new Map(built.map((b) => [b.raw.id, b]))
  const absorbed = new Set<string>()
  for (const item of built) {
    const parentId = item.raw.inReplyTo
    if (!parentId) continue
    const parent = byId.get(parentId)
    if (!parent || parent === item) continue
    if (item.raw.replyType === 'Group') {
      // Acrobat's "replace text": a strike-out grouped with the caret that holds the new text.
      // pdf.js copies the group parent's /Contents into the member, so read the caret's.
      if (item.annotation.type === 'strikeout' && parent.annotation.type === 'caret') {
        const replacement = commentText(parent.raw.contentsObj?.str)
        if (replacement) item.annotation.replacement = replacement
        item.annotation.comment = replacement
        absorbed.add(parent.raw.id)
      }
      continue
    }
    const reply: Reply = { author: item.annotation.author, comment: item.annotation.comment ?? '', modified: item.annotation.modified }
    if (reply.comment) parent.annotation.replies.push(reply)
    absorbed.add(item.raw.id)
  }

  // pdf.js collects pages concurrently; keep page order, and /Annots order within a page.
  const annotations = built
    .sort((a, b) => a.raw.pageIndex - b.raw.pageIndex)
    .filter((b) => !absorbed.has(b.raw.id))
    .filter((b) => !KEPT_ONLY_WITH_COMMENT.has(b.annotation.type) || b.annotation.comment || b.annotation.replies.length > 0)
    .map((b) => b.annotation)
  return { annotations, rawById: new Map(built.map((b) => [b.raw.id, b.raw])) }
}

/** /C, else (FreeText) the /DA text colour, else the appearance stream, else the reader default. */
async function assignColors(built: Built[], appearanceColors: AppearanceColors): Promise<void> {
  const missing: Built[] = []
  for (const item of built) {
    const { type } = item.annotation
    const own = rgbToHex(item.raw.color ?? null) ?? (type === 'freetext' ? rgbToHex(item.raw.defaultAppearanceData?.fontColor ?? null) : null)
    if (own) item.annotation.color = own
    else if (!COLOURLESS.has(type)) missing.push(item)
  }
  const pages = new Map<number, Map<string, PaintedColors>>()
  for (const item of missing) {
    let colors = pages.get(item.raw.pageIndex)
    if (!colors && item.raw.hasAppearance) {
      colors = await appearanceColors(item.raw.pageIndex)
      pages.set(item.raw.pageIndex, colors)
    }
    const painted = colors?.get(item.raw.id)
    const fromAppearance = FILLED.has(item.annotation.type) ? (painted?.fill ?? painted?.stroke) : (painted?.stroke ?? painted?.fill)
    item.annotation.color = fromAppearance ?? READER_DEFAULT_COLORS[item.annotation.type] ?? null
  }
}

