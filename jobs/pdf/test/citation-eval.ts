/**
 * Citation matching over the corpus papers: every in-text citation found in a paper's body
 * text is matched against the paper's own reference list (as the engine parses it), and a
 * match counts as right when the entry's raw text starts with the cited surname (or carries
 * the cited label) and contains the cited year. Used by citation-matching.test.ts.
 */
import { readFileSync } from 'node:fs'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { detectCitations, listStyle, matchCitation, plausibleCitations } from '../citations.ts'
import { extractFromBytes } from '../extract.ts'
import { emptyLexicon, joinLines } from '../hyphenation.ts'
import { STANDARD_FONT_DATA_URL } from '../load.ts'
import { pageTextLines } from '../page-text.ts'
import { furnitureKey, isReferenceHeading, repeatedAcrossPages } from '../references.ts'
import type { TextLine } from '../page-text.ts'

export type PaperScore = { file: string; citations: number; matched: number; right: number; wrong: string[] }

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

export async function scorePaper(file: string): Promise<PaperScore> {
  const bytes = new Uint8Array(readFileSync(file))
  const { references } = await extractFromBytes(bytes, { style: 'apa' }, { withCitation: false })
  const task = getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONT_DATA_URL, verbosity: 0 })
  const doc = await task.promise
  const lines: TextLine[] = []
  try {
    outer: for (let p = 1; p <= doc.numPages; p++) {
      for (const line of await pageTextLines(await doc.getPage(p))) {
        if (isReferenceHeading(line.text)) break outer
        lines.push(line)
      }
    }
  } finally {
    await task.destroy()
  }
  // Running heads and footers are never highlighted; leave them out as a reader would.
  const furniture = repeatedAcrossPages(lines)
  let body = ''
  for (const line of lines) if (!furniture.has(furnitureKey(line.text))) body = joinLines(body, line.text, emptyLexicon())
  const score: PaperScore = { file, citations: 0, matched: 0, right: 0, wrong: [] }
  for (const citation of plausibleCitations(detectCitations(body, listStyle(references)), references)) {
    score.citations++
    const { index } = matchCitation(citation, references)
    if (index === null) {
      score.wrong.push(`unmatched ${citation.text}`)
      continue
    }
    score.matched++
    const entry = references[index]
    const right =
      citation.kind === 'key'
        ? entry.label === citation.key
        : citation.kind === 'numeric'
        ? entry.label === String(citation.labels[0])
        : fold(entry.raw.slice(0, 60)).includes(fold(citation.surname)) && entry.raw.includes(String(citation.year))
    if (right) score.right++
    else score.wrong.push(`${citation.text} → ${entry.raw.slice(0, 60)}`)
  }
  return score
}
