// Tool (not an eval section): prints the sentences of a paper's body (before its reference heading) that hold a bracket, a parenthesis with a number, or "et al.".
import { readFileSync } from 'node:fs'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { emptyLexicon, joinLines } from '../../jobs/pdf/hyphenation.ts'
import { STANDARD_FONT_DATA_URL } from '../../jobs/pdf/load.ts'
import { pageTextLines } from '../../jobs/pdf/page-text.ts'
import { isReferenceHeading } from '../../jobs/pdf/references.ts'

const doc = await getDocument({ data: new Uint8Array(readFileSync(process.argv[2])), standardFontDataUrl: STANDARD_FONT_DATA_URL, verbosity: 0 }).promise
let body = ''
outer: for (let p = 1; p <= doc.numPages; p++) {
  for (const line of await pageTextLines(await doc.getPage(p))) {
    if (isReferenceHeading(line.text)) break outer
    body = joinLines(body, line.text, emptyLexicon())
  }
}
for (const s of body.split(/(?<=[.!?])\s+(?=\p{Lu})/u)) if (/\[\d|\(\D*\d{4}|\(\d+[,)–-]|et al/u.test(s)) process.stdout.write(`${s.slice(0, 400)}\n`)
