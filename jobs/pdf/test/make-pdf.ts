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

export function buildPdf(pages: PageSpec[], { pageCountOverride, catalogExtra = '' }: { pageCountOverride?: number; catalogExtra?: string } = {}): Uint8Array {
  const objects: string[] = []
  const add = (body: string) => {
    objects.push(body)
    return objects.length
  }
  const catalog = add('') // filled below
  const pagesRoot = add('')
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
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
        `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [${box.join(' ')}] /Resources << /Font << /F1 ${font} 0 R >> >>` +
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
