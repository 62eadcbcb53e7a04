/**
 * Minimal hand-built PDFs for robustness tests: n pages of text or nothing, with optional
 * annotations, a correct cross-reference table, no external tools.
 */
type PageSpec = {
  text?: string[]
  /** Raw content stream operators, used instead of `text`. */
  content?: string
  /** Annotation dictionaries; "{annot:N}" is replaced by a reference to this page's N-th annotation. */
  annots?: string[]
  rotate?: number
  mediaBox?: [number, number, number, number]
}

/**
 * `fonts` adds fonts next to /F1 (Helvetica), by resource name, as font dictionaries — e.g. an
 * /Encoding with /Differences that draws a comma with byte 32, as subset fonts do.
 */
export function buildPdf(
  pages: PageSpec[],
  { pageCountOverride, catalogExtra = '', fonts = {} }: { pageCountOverride?: number; catalogExtra?: string; fonts?: Record<string, string> } = {},
): Uint8Array {
  const objects: string[] = []
  const add = (body: string) => {
    objects.push(body)
    return objects.length
  }
  const catalog = add('') // filled below
  const pagesRoot = add('')
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
  const extraFonts = Object.entries(fonts).map(([name, dict]) => `/${name} ${add(dict)} 0 R`).join(' ')
  const kids: number[] = []
  for (const page of pages) {
    const first = objects.length + 1
    const annotRefs = (page.annots ?? []).map((a) => add(a.replace(/\{annot:(\d+)\}/g, (_, n: string) => `${first + Number(n)} 0 R`)))
    let contentRef: number | null = null
    const ops = page.content ?? page.text?.map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 16} Td (${line.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`).join('\n')
    if (ops) contentRef = add(`<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`)
    const box = page.mediaBox ?? [0, 0, 612, 792]
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [${box.join(' ')}] /Resources << /Font << /F1 ${font} 0 R ${extraFonts} >> >>` +
          (contentRef ? ` /Contents ${contentRef} 0 R` : '') +
          (annotRefs.length ? ` /Annots [${annotRefs.map((r) => `${r} 0 R`).join(' ')}]` : '') +
          (page.rotate ? ` /Rotate ${page.rotate}` : '') +
          ' >>',
      ),
    )
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRoot} 0 R ${catalogExtra} >>`
  objects[pagesRoot - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pageCountOverride ?? kids.length} >>`

  let out = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(out, 'latin1'))
}

/** A highlight annotation dictionary over a rectangle (QuadPoints in Acrobat's Z order). */
export function highlightAnnot([x0, y0, x1, y1]: [number, number, number, number], extra = ''): string {
  return `<< /Type /Annot /Subtype /Highlight /Rect [${x0} ${y0} ${x1} ${y1}] /QuadPoints [${x0} ${y1} ${x1} ${y1} ${x0} ${y0} ${x1} ${y0}] ${extra} >>`
}

/** Helvetica advance widths (AFM, per 1000 em) of the characters the tests set. */
const HELVETICA: Record<string, number> = {
  a: 556, b: 556, c: 500, d: 556, e: 556, f: 278, g: 556, h: 556, i: 222, j: 222, k: 500, l: 222, m: 833,
  n: 556, o: 556, p: 556, q: 556, r: 333, s: 500, t: 278, u: 556, v: 500, w: 722, x: 500, y: 500, z: 500,
  ' ': 278, '-': 333, ',': 278, '.': 278, '=': 584, G: 778, L: 556, M: 833, U: 722, E: 667, W: 944, T: 611,
}

/** Width of `text` in Helvetica at `size` points. */
export function helveticaWidth(text: string, size: number): number {
  return [...text].reduce((sum, ch) => sum + (HELVETICA[ch] ?? 556), 0) * (size / 1000)
}

/** `BT /F size Tf x y Td (text) Tj ET`, with the string escaped. */
export function textAt(text: string, x: number, y: number, size = 10, font = 'F1'): string {
  return `BT /${font} ${size} Tf ${x.toFixed(3)} ${y.toFixed(3)} Td (${text.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`
}
