// Tool (not an eval section): prints the text lines of pages FROM..TO of a PDF (x, size, text).
import { readFileSync } from 'node:fs'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { STANDARD_FONT_DATA_URL } from '../../jobs/pdf/load.ts'
import { pageTextLines } from '../../jobs/pdf/page-text.ts'

const [file, from, to] = process.argv.slice(2)
const doc = await getDocument({ data: new Uint8Array(readFileSync(file)), standardFontDataUrl: STANDARD_FONT_DATA_URL, verbosity: 0 }).promise
const last = Math.min(doc.numPages, Number(to ?? doc.numPages))
for (let p = Math.max(1, from ? (Number(from) < 0 ? doc.numPages + Number(from) + 1 : Number(from)) : 1); p <= last; p++) {
  for (const l of await pageTextLines(await doc.getPage(p))) process.stdout.write(`${p} ${l.x.toFixed(0).padStart(4)} ${l.size.toFixed(1)} ${l.text.slice(0, 100)}\n`)
}
