/**
 * The paper's own record (title, first author, year, container, volume, issue, pages, DOI) on the
 * public corpus's papers, against hand-checked truth (scripts/eval/truth/header/corpus.json, read
 * from each file's first page). Split fixed by paper: **test** when FNV-1a(paper key) mod 3 is 0,
 * **dev** otherwise — copies of one paper fall on the same side. Rules are tuned on dev only.
 *
 * Scored: title (case, punctuation and white space ignored), first author's family name (same),
 * year, DOI (case ignored) — over every paper, DOI over the papers that carry one, with wrong DOIs
 * on the others counted apart; container (soft), volume, issue, pages (dashes folded) over the
 * papers that print a citation line. Also the author-line cleaner on GROBID's labelled header
 * author lines (header/corpus `<docAuthor>` → first surname in name/header/corpus), same split
 * rule on the file name.
 *
 * Options: --part dev|test (default both), --errors (list every wrong field).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { extractFromBytes } from '../../jobs/pdf/extract.ts'
import { authorLineNames } from '../../jobs/pdf/metadata.ts'
import { CORPUS_DIR } from '../../jobs/pdf/test/corpus.ts'
import { GROBID_DIR } from '../../jobs/pdf/refparse/grobid-data.ts'
import type { PaperMetadata } from '../../jobs/pdf/types.ts'

const { values } = parseArgs({ options: { part: { type: 'string' }, errors: { type: 'boolean', default: false } }, strict: false })

type Truth = { file: string; paper: string; title: string; firstAuthor: string; year: number; container: string | null; volume: string | null; issue: string | null; pages: string | null; doi: string | null }
const FIELDS = ['title', 'first_author', 'year', 'doi', 'container', 'volume', 'issue', 'pages'] as const
type Field = (typeof FIELDS)[number]

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0
  return hash
}
export const headerSplit = (key: string): 'dev' | 'test' => (fnv1a(key) % 3 === 0 ? 'test' : 'dev')

const soft = (v: string | null | undefined) => (v ?? '').normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
const dashes = (v: string | null | undefined) => (v ?? '').replace(/[‐‑‒–—−]/g, '-').replace(/\s+/g, '').toLowerCase()

function predicted(m: PaperMetadata, field: Field): string | null {
  switch (field) {
    case 'title': return m.title
    case 'first_author': return m.authors[0]?.family ?? null
    case 'year': return m.year === null ? null : String(m.year)
    case 'doi': return m.doi
    case 'container': return m.journal
    case 'volume': return m.volume
    case 'issue': return m.issue
    case 'pages': return m.pages
  }
}
function expected(t: Truth, field: Field): string | null {
  switch (field) {
    case 'title': return t.title
    case 'first_author': return t.firstAuthor
    case 'year': return String(t.year)
    case 'doi': return t.doi
    default: return t[field]
  }
}
function same(field: Field, got: string | null, want: string): boolean {
  if (got === null) return false
  if (field === 'volume' || field === 'issue' || field === 'pages' || field === 'year') return dashes(got) === dashes(want)
  if (field === 'doi') return got.toLowerCase() === want.toLowerCase()
  return soft(got) === soft(want)
}

const truthFile = path.join(import.meta.dirname, 'truth/header/corpus.json')
const truth = (JSON.parse(readFileSync(truthFile, 'utf8')) as { papers: Truth[] }).papers
const parts = values.part ? [values.part as 'dev' | 'test'] : (['dev', 'test'] as const)
const pct = (a: number, b: number) => (b === 0 ? '   –  ' : `${((100 * a) / b).toFixed(1).padStart(5)} %`)

for (const part of parts) {
  const rows = truth.filter((t) => headerSplit(t.paper) === part)
  const right: Record<Field, number> = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>
  const total: Record<Field, number> = { ...right }
  let falseDois = 0
  const errors: string[] = []
  for (const t of rows) {
    const file = path.join(CORPUS_DIR, t.file)
    if (!existsSync(file)) throw new Error(`missing corpus file ${file}`)
    const { metadata } = await extractFromBytes(new Uint8Array(readFileSync(file)), { style: 'apa' }, { withCitation: false })
    for (const field of FIELDS) {
      const want = expected(t, field)
      const got = predicted(metadata, field)
      if (want === null) {
        if (field === 'doi' && got !== null) {
          falseDois++
          errors.push(`${t.file}  doi: got ${got}, the paper carries none`)
        }
        continue
      }
      total[field]++
      if (same(field, got, want)) right[field]++
      else errors.push(`${t.file}  ${field}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`)
    }
  }
  const papers = new Set(rows.map((r) => r.paper)).size
  process.stdout.write(`\nPaper's own record — public corpus, ${part}: ${rows.length} files, ${papers} distinct papers\n`)
  process.stdout.write('| field | right | of | % |\n|---|---|---|---|\n')
  for (const field of FIELDS) process.stdout.write(`| ${field} | ${right[field]} | ${total[field]} | ${pct(right[field], total[field])} |\n`)
  process.stdout.write(`wrong DOI on papers that carry none: ${falseDois}\n`)
  if (values.errors) for (const e of errors) process.stdout.write(`  ✗ ${e}\n`)
}

// The author-line cleaner on GROBID's header author lines.
function decode(s: string): string {
  return s.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim()
}
const headerDir = path.join(GROBID_DIR, 'header', 'corpus', 'tei')
const namesDir = path.join(GROBID_DIR, 'name', 'header', 'corpus')
if (existsSync(headerDir) && existsSync(namesDir)) {
  for (const part of parts) {
    let right = 0
    let total = 0
    const errors: string[] = []
    for (const file of readdirSync(headerDir).sort()) {
      const stem = file.replace(/(\.training)?\.header\.tei\.xml$/, '')
      if (headerSplit(stem) !== part) continue
      const namesFile = [`${stem}.authors.tei.xml`, `${stem}.training.authors.tei.xml`].map((n) => path.join(namesDir, n)).find(existsSync)
      if (!namesFile) continue
      const first = /<docAuthor>([\s\S]*?)<\/docAuthor>/.exec(readFileSync(path.join(headerDir, file), 'utf8'))
      const surname = /<surname>([\s\S]*?)<\/surname>/.exec(readFileSync(namesFile, 'utf8'))
      if (!first || !surname) continue
      total++
      const got = authorLineNames(decode(first[1]))[0]?.family ?? null
      if (soft(got) === soft(decode(surname[1]))) right++
      else errors.push(`${file}: ${JSON.stringify(decode(first[1]))} → ${JSON.stringify(got)}, want ${JSON.stringify(decode(surname[1]))}`)
    }
    process.stdout.write(`\nAuthor line → first author (GROBID header author lines, ${part}): ${right}/${total} = ${pct(right, total)}\n`)
    if (values.errors) for (const e of errors.slice(0, 60)) process.stdout.write(`  ✗ ${e}\n`)
  }
}
