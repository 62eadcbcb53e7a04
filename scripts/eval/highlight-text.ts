/**
 * Highlight text: the text the engine gives for every text-markup annotation (highlight,
 * underline, strike-out, squiggly) of the annotated corpus (../shared/corpus/annotated), against
 * the reviewed expectations in tests/fixtures/extraction (each checked in the PDF against both
 * baselines, see their "review" notes). Exact match after collapsing white space.
 *
 * Figures: all markups other than math (a markup whose expected text holds mathematical
 * operators or math alphanumerics), and the markups whose marked area ends on a line-end hyphen
 * (the highlight stops inside a word; decided from the glyphs under the quads, not from the
 * expected text). The MuPDF and pdfannots baselines are scored the same way for comparison
 * (MuPDF: its text or its dehyphenated text).
 *
 * Second set: highlights ending on a line-end hyphen made on the unannotated papers (see
 * paperHyphenCases) — the corpus has only two such markups.
 *
 * Fixed split by file (both sets): **test** when FNV-1a(file name) mod 3 = 0, **dev** otherwise.
 * Rules are written and checked on dev only; test is reported, never tuned on.
 *
 * Options: --part dev|test (default both), --errors N (print N wrong markups per part),
 * --dump FILE (every markup with its expected and extracted text, as JSON).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { markedArea, TEXT_MARKUP, type RawAnnotation } from '../../jobs/pdf/annotations.ts'
import { extractFromBytes } from '../../jobs/pdf/extract.ts'
import { pageGlyphs } from '../../jobs/pdf/glyphs.ts'
import { openPdf } from '../../jobs/pdf/load.ts'
import { corpusFiles, CORPUS_DIR, FIXTURES_DIR } from '../../jobs/pdf/test/corpus.ts'
import { emptyLexicon, expandLigatures, learnLines } from '../../jobs/pdf/hyphenation.ts'
import { pageLines } from '../../jobs/pdf/layout.ts'
import { endsOnLineEndHyphen, textUnderQuads } from '../../jobs/pdf/text-under-quads.ts'
import type { Annotation, AnnotationType } from '../../jobs/pdf/types.ts'

const { values } = parseArgs({ options: { part: { type: 'string' }, errors: { type: 'string', default: '0' }, dump: { type: 'string' } }, strict: false })

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

export const splitOf = (fileName: string): 'dev' | 'test' => (fnv1a(fileName) % 3 === 0 ? 'test' : 'dev')

const MATH = /[\u2200-\u2211\u2213-\u2216\u2218\u221a-\u22ff\u27c0-\u27ef\u2980-\u2aff\u{1d400}-\u{1d7ff}]/u
const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

type Expected = { type: AnnotationType; page: number; text: string | null }
type Case = { file: string; page: number; type: string; expected: string; got: string; hyphenEnd: boolean; math: boolean; mupdf: boolean; pdfannots: boolean }

const MUPDF_TYPES: Record<string, AnnotationType> = { Highlight: 'highlight', Underline: 'underline', StrikeOut: 'strikeout', Squiggly: 'squiggly' }

function baselineTexts(file: string): { mupdf: { page: number; type: AnnotationType; texts: string[] }[]; pdfannots: { page: number; type: AnnotationType; texts: string[] }[] } {
  const name = path.basename(file)
  const mupdfPath = path.join(CORPUS_DIR, 'baseline-mupdf', `${name}.json`)
  const mupdf = existsSync(mupdfPath)
    ? ((JSON.parse(readFileSync(mupdfPath, 'utf8')) as { annotations: { page: number; type: string; text?: string; text_dehyphenated?: string }[] }).annotations ?? [])
        .filter((a) => MUPDF_TYPES[a.type])
        .map((a) => ({ page: a.page, type: MUPDF_TYPES[a.type], texts: [collapse(a.text), collapse(a.text_dehyphenated)] }))
    : []
  let pdfannots: { page: number; type: AnnotationType; texts: string[] }[] = []
  for (const candidate of [`${name}.json`, `${name}.cols1.json`, `${name.replace(/\.pdf$/, '')}.json`]) {
    const p = path.join(CORPUS_DIR, 'baseline-pdfannots', candidate)
    if (!existsSync(p)) continue
    pdfannots = (JSON.parse(readFileSync(p, 'utf8')) as { type: string; page: number; text?: string }[])
      .filter((a) => MUPDF_TYPES[a.type])
      .map((a) => ({ page: a.page, type: MUPDF_TYPES[a.type], texts: [collapse(a.text)] }))
    break
  }
  return { mupdf, pdfannots }
}

/** Which markups end on a line-end hyphen, by annotation id. */
async function hyphenEnds(bytes: Uint8Array, pages: Set<number>): Promise<Set<string>> {
  const ids = new Set<string>()
  const { doc, task } = await openPdf(bytes)
  try {
    for (const pageNumber of pages) {
      const page = await doc.getPage(pageNumber)
      const raws = (await page.getAnnotations()) as unknown as RawAnnotation[]
      const glyphs = await pageGlyphs(page)
      for (const raw of raws) {
        const type = MUPDF_TYPES[raw.subtype]
        if (!type) continue
        if (endsOnLineEndHyphen(glyphs, markedArea(raw))) ids.add(raw.id)
      }
      page.cleanup()
    }
  } finally {
    await task.destroy()
  }
  return ids
}

/** Pairs each expected markup with one extracted markup of its page and type: an exact match first, else the most similar. */
function pair(expected: Expected[], got: Annotation[]): (Annotation | null)[] {
  const used = new Set<Annotation>()
  const result: (Annotation | null)[] = expected.map(() => null)
  const candidates = (e: Expected) => got.filter((a) => !used.has(a) && a.page === e.page && a.type === e.type)
  expected.forEach((e, i) => {
    const exact = candidates(e).find((a) => collapse(a.text) === collapse(e.text))
    if (exact) {
      used.add(exact)
      result[i] = exact
    }
  })
  expected.forEach((e, i) => {
    if (result[i]) return
    const words = new Set(collapse(e.text).split(' '))
    let best: Annotation | null = null
    let bestScore = -1
    for (const a of candidates(e)) {
      const score = collapse(a.text).split(' ').filter((w) => words.has(w)).length
      if (score > bestScore) {
        best = a
        bestScore = score
      }
    }
    if (best) {
      used.add(best)
      result[i] = best
    }
  })
  return result
}

async function casesOf(file: string): Promise<Case[]> {
  const name = path.basename(file)
  const fixture = path.join(FIXTURES_DIR, name.replace(/\.pdf$/, '.json'))
  if (!existsSync(fixture)) return []
  const expected = (JSON.parse(readFileSync(fixture, 'utf8')) as { annotations: Expected[] }).annotations.filter((a) => TEXT_MARKUP.has(a.type) && a.text)
  if (expected.length === 0) return []
  const bytes = new Uint8Array(readFileSync(file))
  const extraction = await extractFromBytes(bytes, { style: 'apa' }, { withCitation: false })
  const markups = extraction.annotations.filter((a) => TEXT_MARKUP.has(a.type))
  const hyphenated = await hyphenEnds(bytes, new Set(markups.map((a) => a.page)))
  const baselines = baselineTexts(file)
  const paired = pair(expected, markups)
  return expected.map((e, i) => {
    const want = collapse(e.text)
    const match = (list: { page: number; type: AnnotationType; texts: string[] }[]) => list.some((b) => b.page === e.page && b.type === e.type && b.texts.includes(want))
    return {
      file: name,
      page: e.page,
      type: e.type,
      expected: want,
      got: collapse(paired[i]?.text),
      hyphenEnd: paired[i] ? hyphenated.has(paired[i].id) : false,
      math: MATH.test(want),
      mupdf: match(baselines.mupdf),
      pdfannots: match(baselines.pdfannots),
    }
  })
}

const pct = (n: number, d: number) => (d === 0 ? '   n/a' : `${((100 * n) / d).toFixed(1).padStart(5)} %`)

function report(part: string, cases: Case[]): void {
  const files = new Set(cases.map((c) => c.file)).size
  const rows: [string, Case[]][] = [
    ['all markups other than math', cases.filter((c) => !c.math)],
    ['ending on a line-end hyphen', cases.filter((c) => !c.math && c.hyphenEnd)],
    ['math', cases.filter((c) => c.math)],
  ]
  console.log(`\n${part}: ${cases.length} markups in ${files} files`)
  console.log(`${'exact text'.padEnd(30)} ${'n'.padStart(4)}  ${'engine'.padStart(7)}  ${'MuPDF'.padStart(7)}  ${'pdfannots'.padStart(9)}`)
  for (const [label, list] of rows) {
    const ok = list.filter((c) => c.got === c.expected).length
    console.log(
      `${label.padEnd(30)} ${String(list.length).padStart(4)}  ${pct(ok, list.length)}  ${pct(list.filter((c) => c.mupdf).length, list.length)}  ${pct(list.filter((c) => c.pdfannots).length, list.length).padStart(9)}`,
    )
  }
  const wrong = cases.filter((c) => c.got !== c.expected).slice(0, Number(values.errors) || 0)
  for (const c of wrong) console.log(`  ✗ ${c.file} p${c.page} ${c.type}${c.hyphenEnd ? ' (hyphen end)' : ''}\n    want ${JSON.stringify(c.expected)}\n    got  ${JSON.stringify(c.got)}`)
}

/**
 * Hyphen-ending highlights made on the unannotated papers (../shared/corpus/papers, real 1- and
 * 2-column layouts): every text item of pdf.js's text content (pages 1–8) that ends a line on
 * "letters-" gets a highlight over it; the right completion is the first word of the next line
 * in pdf.js's text-content order (the producer's order, column by column — independent of the
 * engine's geometry), when that word starts with a lower-case letter (a syllable break).
 * Scored: the engine's text ends with head+tail or head-tail.
 */
type HyphenCase = { file: string; page: number; want: string; got: string; ok: boolean }
type Item = { str: string; transform: number[]; width: number; hasEOL: boolean }

async function paperHyphenCases(file: string): Promise<HyphenCase[]> {
  const cases: HyphenCase[] = []
  const { doc, task } = await openPdf(new Uint8Array(readFileSync(file)))
  try {
    for (let n = 1; n <= Math.min(doc.numPages, 8); n++) {
      const page = await doc.getPage(n)
      const items = ((await page.getTextContent()).items as Item[]).filter((i) => typeof i.str === 'string' && i.transform)
      const glyphs = await pageGlyphs(page)
      const lexicon = emptyLexicon()
      learnLines(lexicon, pageLines(glyphs).map((l) => l.text))
      for (let i = 0; i < items.length; i++) {
        const item = items[i]
        const [a, b, , d, x, y] = item.transform
        if (b !== 0 || a <= 0 || d <= 0) continue
        const head = /(\p{L}{2,})-$/u.exec(item.str)?.[1]
        if (!head) continue
        let j = i + 1
        while (j < items.length && items[j].str.trim() === '') j++
        const next = items[j]
        if (!next || Math.abs(next.transform[5] - y) < 0.5 * d) continue
        const tail = /^(\p{Ll}+)/u.exec(expandLigatures(next.str.trimStart()))?.[1]
        if (!tail) continue
        const quad = [
          { x, y: y - 0.25 * d },
          { x: x + item.width, y: y - 0.25 * d },
          { x: x + item.width, y: y + 0.85 * d },
          { x, y: y + 0.85 * d },
        ]
        const got = collapse(textUnderQuads(glyphs, [quad], lexicon))
        const ok = new RegExp(`${head}-?${tail}[\\p{L}\\p{N}'’-]*\\p{P}*$`, 'iu').test(got)
        cases.push({ file: path.basename(file), page: n, want: `…${head}-${tail}`, got, ok })
      }
      page.cleanup()
    }
  } finally {
    await task.destroy()
  }
  return cases
}

function hyphenReport(part: string, cases: HyphenCase[]): void {
  const ok = cases.filter((c) => c.ok).length
  console.log(`\n${part}: highlights ending on a line-end hyphen made on ${new Set(cases.map((c) => c.file)).size} unannotated papers: ${cases.length}, completed right ${pct(ok, cases.length)}`)
  for (const miss of cases.filter((c) => !c.ok).slice(0, Number(values.errors) || 0)) console.log(`  ✗ ${miss.file} p${miss.page} want ${miss.want}\n    got  ${JSON.stringify(miss.got.slice(-80))}`)
}

const all: Case[] = []
for (const file of corpusFiles('annotated')) all.push(...(await casesOf(file)))
if (typeof values.dump === 'string') writeFileSync(values.dump, JSON.stringify(all, null, 1))
const parts = values.part === 'dev' || values.part === 'test' ? [values.part] : ['dev', 'test']
for (const part of parts) report(`${part} (fixed split by file: test = FNV-1a(name) mod 3 = 0)`, all.filter((c) => splitOf(c.file) === part))
const made: HyphenCase[] = []
for (const file of corpusFiles('papers')) made.push(...(await paperHyphenCases(file)))
for (const part of parts) hyphenReport(part, made.filter((c) => splitOf(c.file) === part))
console.log('\nbars (held-out set): ≥ 99 % of markups other than math, ≥ 95 % of those ending on a line-end hyphen')
