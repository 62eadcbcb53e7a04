/**
 * Annotation colours: hex conversion, the reader's default when a file names none, hue
 * order, and grouping of near-identical shades (documented in docs/extraction.md).
 */

/** RGB bytes (pdf.js gives a Uint8ClampedArray) or 0..1 floats to '#rrggbb'. */
export function rgbToHex(rgb: ArrayLike<number> | null | undefined): string | null {
  if (!rgb || rgb.length < 3) return null
  const parts = [rgb[0], rgb[1], rgb[2]].map((v) => Math.max(0, Math.min(255, Math.round(Number(v)))))
  if (parts.some((v) => Number.isNaN(v))) return null
  return `#${parts.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

export function normalizeHex(value: string | null | undefined): string | null {
  if (!value) return null
  const match = /^#?([0-9a-f]{6})$/i.exec(value.trim())
  if (match) return `#${match[1].toLowerCase()}`
  const short = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value.trim())
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : null
}

/**
 * What pdf.js draws when an annotation has neither /C nor an appearance stream: it fills
 * highlights yellow and strokes other markup black, and paints a note icon #ffeb6b (pdf.js
 * usually reports that generated appearance itself; this covers the case where it does not).
 */
export const READER_DEFAULT_COLORS: Partial<Record<string, string>> = {
  highlight: '#ffff00',
  note: '#ffeb6b',
  underline: '#000000',
  strikeout: '#000000',
  squiggly: '#000000',
  caret: '#000000',
  ink: '#000000',
  square: '#000000',
  circle: '#000000',
  polygon: '#000000',
  polyline: '#000000',
  line: '#000000',
  freetext: '#000000',
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

export function hexToHsl(hex: string): { h: number; s: number; l: number } {
  const [r, g, b] = hexToRgb(hex).map((v) => v / 255)
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const d = max - min
  if (d === 0) return { h: 0, s: 0, l }
  const s = d / (1 - Math.abs(2 * l - 1))
  let h: number
  if (max === r) h = ((g - b) / d) % 6
  else if (max === g) h = (b - r) / d + 2
  else h = (r - g) / d + 4
  h *= 60
  if (h < 0) h += 360
  return { h, s, l }
}

/** Below this saturation a colour counts as grey and sorts after the chromatic ones. */
const GREY_SATURATION = 0.1

/** Sort key: chromatic colours by hue (then lighter first), greys after them from light to dark. */
function hueKey(hex: string): [number, number, number] {
  const { h, s, l } = hexToHsl(hex)
  return s < GREY_SATURATION ? [1, -l, 0] : [0, h, -l]
}

/** Red → yellow → green → blue → purple, then greys from light to dark. Duplicates removed. */
export function sortByHue(colors: string[]): string[] {
  const unique = [...new Set(colors.map((c) => normalizeHex(c)).filter((c): c is string => c !== null))]
  return unique.sort((a, b) => {
    const ka = hueKey(a)
    const kb = hueKey(b)
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2] || a.localeCompare(b)
  })
}

function labF(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116
}

/** CIE L*a*b* (D65) of an sRGB colour. */
export function hexToLab(hex: string): [number, number, number] {
  const linear = hexToRgb(hex).map((v) => {
    const c = v / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  const [r, g, b] = linear
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
  return [116 * labF(y) - 16, 500 * (labF(x) - labF(y)), 200 * (labF(y) - labF(z))]
}

/** CIE76 colour difference: Euclidean distance in L*a*b*. About 2.3 is just noticeable. */
export function colorDistance(a: string, b: string): number {
  const [l1, a1, b1] = hexToLab(a)
  const [l2, a2, b2] = hexToLab(b)
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2)
}

/**
 * Two shades closer than this (CIE76 ΔE) are the same colour picked in different readers or
 * rounded differently (#f86464 vs #f76363 is 0.9; Acrobat's #ffff00 vs Firefox's #ffff98 is
 * 38 and stays apart: readers offer both as distinct choices).
 */
export const SHADE_DISTANCE = 10

/**
 * Groups near-identical shades. Returns a map from every input colour to its group's
 * representative: the most used shade of the group (first seen on a tie).
 */
export function groupShades(colors: string[]): Map<string, string> {
  const counts = new Map<string, number>()
  for (const c of colors) {
    const hex = normalizeHex(c)
    if (hex) counts.set(hex, (counts.get(hex) ?? 0) + 1)
  }
  const byUse = [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))
  const representatives: string[] = []
  const mapping = new Map<string, string>()
  for (const hex of byUse) {
    const match = representatives.find((rep) => colorDistance(rep, hex) < SHADE_DISTANCE)
    if (match) mapping.set(hex, match)
    else {
      representatives.push(hex)
      mapping.set(hex, hex)
    }
  }
  return mapping
}

/** The document's palette: one colour per group of near-identical shades, sorted by hue. */
export function documentColors(colors: string[]): string[] {
  return sortByHue([...new Set(groupShades(colors).values())])
}
