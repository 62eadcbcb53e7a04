/**
 * Formatting: the product's six styles against the official CSL style files, through the same
 * citeproc engine (citation-js), on the CSL-JSON fixtures in jobs/pdf/test/fixtures/formatting.json
 * (journal articles, conference papers, chapters, books, theses, reports, web pages, preprints;
 * 1, 2, 3, 7 and 21 authors, particles, suffixes, organisations, missing fields).
 *
 * Product side: each fixture stored as a reference-list entry (`Reference.csl`, as the reference
 * parser gives it) and formatted by `formatReference` / `formatInText` — the notes' own path.
 * Official side: the fixture item itself, rendered with the official style file, the same tidying
 * of a single entry (no list number, one line).
 *
 * Official files: APA 7 ('apa'), Harvard Cite Them Right ('harvard1') and Vancouver (NLM
 * citation-sequence, 'vancouver') as bundled with @citation-js/plugin-csl; IEEE is the repository's
 * unchanged copy of the official file. MLA: the official MLA 8 file (2014), which is the
 * repository's file with its one change (DOIs as https://doi.org/ links, as MLA 9 asks) undone;
 * differences that are only that DOI form are counted apart. Chicago author-date: the official
 * file is read from --official DIR (chicago-author-date.csl; any style's file there overrides the
 * above); without it Chicago is reported as not compared.
 *
 * Options: --official DIR, --diff N (print N differing entries per style). Exit 1 when a compared
 * style differs on any fixture (other than MLA's DOI form).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { formatInText, formatReference, referenceItem } from '../../jobs/render/model.ts'
import { registerStyle, renderEntry, renderInText } from '../../jobs/pdf/styles.ts'
import { CITATION_STYLES, type CitationStyle, type CslItem, type Reference } from '../../jobs/pdf/types.ts'

const { values } = parseArgs({ options: { official: { type: 'string' }, diff: { type: 'string', default: '3' } }, strict: false })
const root = path.join(import.meta.dirname, '..', '..')
const fixtures = JSON.parse(readFileSync(path.join(root, 'jobs/pdf/test/fixtures/formatting.json'), 'utf8')) as (Record<string, unknown> & { id: string })[]

const OFFICIAL_FILE: Record<CitationStyle, string> = {
  apa: 'apa.csl',
  mla: 'modern-language-association.csl',
  chicago: 'chicago-author-date.csl',
  harvard: 'harvard-cite-them-right.csl',
  ieee: 'ieee.csl',
  vancouver: 'nlm-citation-sequence.csl',
}
const BUNDLED: Partial<Record<CitationStyle, string>> = { apa: 'apa', harvard: 'harvard1', vancouver: 'vancouver' }

/** The template name of the official style, and where it came from; null when it is not available. */
function officialTemplate(style: CitationStyle): { template: string; source: string } | null {
  const dir = typeof values.official === 'string' ? values.official : null
  const file = dir ? path.join(dir, OFFICIAL_FILE[style]) : null
  if (file && existsSync(file)) return { template: registerStyle(`official-${style}`, readFileSync(file, 'utf8')), source: file }
  const bundled = BUNDLED[style]
  if (bundled) return { template: bundled, source: `@citation-js/plugin-csl '${bundled}'` }
  if (style === 'ieee') {
    // The repository's IEEE file is the official one, unchanged.
    return { template: registerStyle('official-ieee', readFileSync(path.join(root, 'jobs/pdf/csl/ieee.csl'), 'utf8')), source: 'jobs/pdf/csl/ieee.csl (official, unchanged)' }
  }
  if (style === 'mla') {
    // The repository's MLA file is the official MLA 8 file (2014) with one change, DOIs as
    // https://doi.org/ links as MLA 9 asks; undone, it is the official MLA 8 file.
    const ours = readFileSync(path.join(root, 'jobs/pdf/csl/modern-language-association.csl'), 'utf8')
    const official = ours.replace('<text variable="DOI" prefix="https://doi.org/"/>', '<text variable="DOI" prefix="doi:"/>')
    return { template: registerStyle('official-mla8', official), source: 'official MLA 8 file (2014): jobs/pdf/csl/modern-language-association.csl with its DOI change undone' }
  }
  return null
}

const asReference = (item: Record<string, unknown>, index: number): Reference => {
  const { id: _id, ...csl } = item
  return { index, label: null, raw: `raw ${String(item.id)}`, authors: [], year: null, title: null, container: null, doi: null, url: null, arxivId: null, csl: csl as CslItem }
}

const diffLimit = Number(values.diff)
let failed = false
console.log(`formatting: ${fixtures.length} CSL-JSON fixtures; product (formatReference / formatInText) vs official style files, same engine`)
console.log(`${'style'.padEnd(10)} ${'bibliography'.padStart(14)} ${'in-text'.padStart(10)}  official file`)
for (const style of CITATION_STYLES) {
  const official = officialTemplate(style)
  if (!official) {
    console.log(`${style.padEnd(10)} ${'—'.padStart(14)} ${'—'.padStart(10)}  not compared: official file not given (--official DIR)`)
    continue
  }
  let bib = 0
  let cite = 0
  let doiFormOnly = 0
  const diffs: string[] = []
  fixtures.forEach((item, index) => {
    const reference = asReference(item, index)
    const want = renderEntry({ ...item, id: 'item' }, official.template)
    const got = formatReference(reference, style)
    const productItem = referenceItem(reference)
    const wantCite = renderInText({ ...item, id: 'item' }, official.template)
    const gotCite = productItem ? formatInText(productItem, style) : ''
    if (want === got) bib++
    else if (style === 'mla' && want.replace(/doi:(10\.)/g, 'https://doi.org/$1') === got) doiFormOnly++
    else diffs.push(`  ${item.id} bibliography\n    official: ${want}\n    product:  ${got}`)
    if (wantCite === gotCite) cite++
    else diffs.push(`  ${item.id} in-text\n    official: ${wantCite}\n    product:  ${gotCite}`)
  })
  const n = fixtures.length
  console.log(`${style.padEnd(10)} ${`${bib}/${n}`.padStart(14)} ${`${cite}/${n}`.padStart(10)}  ${official.source}`)
  if (doiFormOnly > 0) console.log(`${''.padEnd(10)} ${`+${doiFormOnly}`.padStart(14)} ${''.padStart(10)}  differ only in the DOI form: https://doi.org/… (MLA 9) where the MLA 8 file prints doi:…`)
  if (bib + doiFormOnly < n || cite < n) failed = true
  for (const d of diffs.slice(0, diffLimit)) console.log(d)
}
process.exit(failed ? 1 : 0)
