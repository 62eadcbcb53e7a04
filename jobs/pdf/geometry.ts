/**
 * Plane geometry in PDF user space (origin bottom-left, y up).
 * Everything the extractor compares — glyph boxes, annotation quads, rects — is a
 * convex quadrilateral or polygon here, so one clipping routine serves all.
 */

export type Point = { x: number; y: number }
/** 2D affine matrix [a, b, c, d, e, f] as in PDF: x' = a*x + c*y + e, y' = b*x + d*y + f. */
export type Matrix = [number, number, number, number, number, number]

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

/** m1 applied first, then m2 (the PDF "m1 × m2" order). */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[1] * m2[2],
    m1[0] * m2[1] + m1[1] * m2[3],
    m1[2] * m2[0] + m1[3] * m2[2],
    m1[2] * m2[1] + m1[3] * m2[3],
    m1[4] * m2[0] + m1[5] * m2[2] + m2[4],
    m1[4] * m2[1] + m1[5] * m2[3] + m2[5],
  ]
}

export function apply(m: Matrix, x: number, y: number): Point {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] }
}

/** Signed area (positive when counter-clockwise). */
export function signedArea(poly: Point[]): number {
  let sum = 0
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]
    const b = poly[(i + 1) % poly.length]
    sum += a.x * b.y - b.x * a.y
  }
  return sum / 2
}

export function area(poly: Point[]): number {
  return Math.abs(signedArea(poly))
}

/**
 * Puts four points into convex (counter-clockwise) order. Producers disagree on the
 * order of QuadPoints (the spec's UL, UR, LL, LR; Acrobat's Z order; others), so the
 * order given is never trusted: the points are sorted by angle around their centre.
 */
export function convexOrder(points: Point[]): Point[] {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length
  return [...points].sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx))
}

/** Sutherland–Hodgman: the part of `subject` inside the convex polygon `clip`. */
export function clipConvex(subject: Point[], clip: Point[]): Point[] {
  const ccwClip = signedArea(clip) < 0 ? clip.toReversed() : clip
  let output = subject
  for (let i = 0; i < ccwClip.length && output.length > 0; i++) {
    const a = ccwClip[i]
    const b = ccwClip[(i + 1) % ccwClip.length]
    const inside = (p: Point) => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= -1e-9
    const input = output
    output = []
    for (let j = 0; j < input.length; j++) {
      const current = input[j]
      const previous = input[(j + input.length - 1) % input.length]
      const currentInside = inside(current)
      const previousInside = inside(previous)
      if (currentInside !== previousInside) output.push(intersection(previous, current, a, b))
      if (currentInside) output.push(current)
    }
  }
  return output
}

function intersection(p: Point, q: Point, a: Point, b: Point): Point {
  const d = (p.x - q.x) * (a.y - b.y) - (p.y - q.y) * (a.x - b.x)
  if (Math.abs(d) < 1e-12) return q
  const t = ((p.x - a.x) * (a.y - b.y) - (p.y - a.y) * (a.x - b.x)) / d
  return { x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) }
}

/** Fraction of `subject`'s area that lies inside the convex polygon `clip` (0..1). */
export function coveredFraction(subject: Point[], clip: Point[]): number {
  const whole = area(subject)
  if (whole <= 1e-9) return 0
  return area(clipConvex(subject, clip)) / whole
}

export type Rect = [number, number, number, number]

/** The PDF spec allows any two opposite corners in /Rect: return [x0, y0, x1, y1] with x0 ≤ x1, y0 ≤ y1. */
export function normalizeRect(rect: ArrayLike<number>): Rect {
  const [a, b, c, d] = [rect[0], rect[1], rect[2], rect[3]].map(Number)
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)]
}

export function rectToPolygon([x0, y0, x1, y1]: Rect): Point[] {
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ]
}

/** QuadPoints (8 numbers per quad, any point order) as convex polygons. */
export function quadsFromPoints(quadPoints: ArrayLike<number> | null | undefined): Point[][] {
  if (!quadPoints) return []
  const quads: Point[][] = []
  for (let i = 0; i + 7 < quadPoints.length; i += 8) {
    const points: Point[] = []
    for (let k = 0; k < 8; k += 2) points.push({ x: Number(quadPoints[i + k]), y: Number(quadPoints[i + k + 1]) })
    if (points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))) quads.push(convexOrder(points))
  }
  return quads
}

export function boundingBox(points: Point[]): Rect {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const p of points) {
    x0 = Math.min(x0, p.x)
    y0 = Math.min(y0, p.y)
    x1 = Math.max(x1, p.x)
    y1 = Math.max(y1, p.y)
  }
  return [x0, y0, x1, y1]
}

export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]
}
