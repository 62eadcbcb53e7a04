/**
 * Reference fields: the reference-string parser (jobs/pdf/refparse) against GROBID's labelled
 * reference strings — the dev part of citation/corpus (fixed split by file name, see
 * jobs/pdf/refparse/grobid-data.ts) and the held-out citation/evaluation files (never trained or
 * tuned on). Per field precision / recall / F1, exact and soft (soft ignores case, punctuation and
 * white space), and micro F1 over authors, title, container, year, volume, issue, pages and DOI.
 *
 * Gold values come from the gold spans through the same field clean-up as the model's spans
 * (`fieldsFromSpans`: trimmed punctuation, "vol."/"pp." prefixes, normalised page ranges, the
 * year of the date, names split by names.ts), so the scores measure the tagging and the rules.
 *
 * Options: --part dev|evaluation (default both), --errors N (print N wrong entries per part),
 * --parser engine (the engine's parseReference in jobs/pdf/references.ts, which wraps the tagger;
 * before commit d242d13 it was a regular-expression parser — figures in docs/extraction.md).
 * Also: author names split into family/given on GROBID's hand-split names (name/citation/corpus).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parseNameList, parsePerson } from '../../jobs/pdf/names.ts'
import { parseReference } from '../../jobs/pdf/references.ts'
import { fieldsFromSpans, type ParsedFields } from '../../jobs/pdf/refparse/csl.ts'
import { GROBID_DIR, loadCitations, type LabelledEntry } from '../../jobs/pdf/refparse/grobid-data.ts'
import { parseReferenceText } from '../../jobs/pdf/refparse/index.ts'

const { values } = parseArgs({ options: { part: { type: 'string' }, errors: { type: 'string', default: '0' }, parser: { type: 'string', default: 'tagger' } }, strict: false })

const FIELDS = ['authors', 'first_author', 'title', 'container', 'year', 'volume', 'issue', 'pages', 'doi', 'publisher', 'url'] as const
type Field = (typeof FIELDS)[number]
const MICRO: Field[] = ['authors', 'title', 'container', 'year', 'volume', 'issue', 'pages', 'doi']
/** GROBID 0.8.2 on 1,943 PMC articles (dataset README): soft F1 per field where published. */
const GROBID_SOFT: Partial<Record<Field | 'micro', number>> = { authors: 79.8, title: 88.7, year: 88.9, volume: 92.6, pages: 88.6, micro: 87.0 }
const GROBID_EXACT: Partial<Record<Field | 'micro', number>> = { micro: 83.7 }

type Values = Record<Field, string | null>

function valuesOf(f: Pick<ParsedFields, 'authors' | 'title' | 'container' | 'year' | 'volume' | 'issue' | 'pages' | 'doi' | 'publisher' | 'url'>): Values {
  return {
    authors: f.authors.length ? f.authors.map((n) => `${n.family}, ${n.given}`).join('; ') : null,
    first_author: f.authors[0]?.family ?? null,
    title: f.title,
    container: f.container,
    year: f.year === null ? null : String(f.year),
    volume: f.volume,
    issue: f.issue,
    pages: f.pages,
    doi: f.doi?.toLowerCase() ?? null,
    publisher: f.publisher,
    url: f.url,
  }
}

function goldValues(entry: LabelledEntry): Values {
  return valuesOf(fieldsFromSpans(entry.spans.map((s) => ({ label: s.label, text: entry.text.slice(s.start, s.end) }))))
}

function engineValues(text: string): Values {
  const r = parseReference(0, null, text)
  const authors = r.people ?? r.authors.map((a) => parsePerson(a)).filter((p) => p !== null)
  return {
    authors: authors.length ? authors.map((n) => `${n.family}, ${n.given}`).join('; ') : null,
    first_author: authors[0]?.family ?? null,
    title: r.title,
    container: r.container,
    year: r.year === null ? null : String(r.year),
    volume: r.volume ?? null,
    issue: r.issue ?? null,
    pages: r.pages ?? null,
    doi: r.doi?.toLowerCase() ?? null,
    publisher: r.publisher ?? null,
    url: r.url,
  }
}

const exact = (s: string) => s.replace(/\s+/g, ' ').trim()
const soft = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

type Counts = { tp: number; fp: number; fn: number }
function score(gold: Values[], predicted: Values[], norm: (s: string) => string): Record<Field, Counts> {
  const counts = Object.fromEntries(FIELDS.map((f) => [f, { tp: 0, fp: 0, fn: 0 }])) as Record<Field, Counts>
  gold.forEach((g, i) => {
    const p = predicted[i]
    for (const f of FIELDS) {
      const gv = g[f] === null ? null : norm(g[f])
      const pv = p[f] === null ? null : norm(p[f])
      if (gv && pv && gv === pv) counts[f].tp++
      else {
        if (pv) counts[f].fp++
        if (gv) counts[f].fn++
      }
    }
  })
  return counts
}

const prf = (c: Counts) => {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0
  return { p: 100 * p, r: 100 * r, f: p + r ? (200 * p * r) / (p + r) : 0, support: c.tp + c.fn }
}
const pct = (x: number | undefined) => (x === undefined ? '' : x.toFixed(1))

function report(name: string, entries: LabelledEntry[]): number {
  const started = performance.now()
  const predicted = entries.map((e) => (values.parser === 'engine' ? engineValues(e.text) : valuesOf(parseReferenceText(e.text).fields)))
  const elapsed = performance.now() - started
  const gold = entries.map(goldValues)
  const ex = score(gold, predicted, exact)
  const so = score(gold, predicted, soft)
  console.log(`\n${name}: ${entries.length} entries, ${new Set(entries.map((e) => e.file)).size} files, parser ${values.parser} (${(elapsed / entries.length).toFixed(2)} ms per entry)`)
  const rows = FIELDS.map((f) => {
    const a = prf(ex[f])
    const b = prf(so[f])
    return [f, String(a.support), pct(a.p), pct(a.r), pct(a.f), pct(b.p), pct(b.r), pct(b.f), pct(GROBID_SOFT[f])]
  })
  const sum = (c: Record<Field, Counts>): Counts => MICRO.reduce((t, f) => ({ tp: t.tp + c[f].tp, fp: t.fp + c[f].fp, fn: t.fn + c[f].fn }), { tp: 0, fp: 0, fn: 0 })
  const mex = prf(sum(ex))
  const mso = prf(sum(so))
  rows.push(['micro*', String(mex.support), pct(mex.p), pct(mex.r), pct(mex.f), pct(mso.p), pct(mso.r), pct(mso.f), `${pct(GROBID_SOFT.micro)} (exact ${pct(GROBID_EXACT.micro)})`])
  const header = ['field', 'gold', 'P exact', 'R exact', 'F1 exact', 'P soft', 'R soft', 'F1 soft', 'GROBID F1 soft (PMC)']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  for (const row of [header, ...rows]) console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '))
  console.log(`* micro over ${MICRO.join(', ')}`)
  const errorsWanted = Number(values.errors)
  if (errorsWanted > 0) {
    let shown = 0
    for (let i = 0; i < entries.length && shown < errorsWanted; i++) {
      const wrong = MICRO.filter((f) => (gold[i][f] ? soft(gold[i][f] as string) : null) !== (predicted[i][f] ? soft(predicted[i][f] as string) : null))
      if (wrong.length === 0) continue
      shown++
      console.log(`\n  ${entries[i].text}`)
      for (const f of wrong) console.log(`    ${f}: gold ${JSON.stringify(gold[i][f])} got ${JSON.stringify(predicted[i][f])}`)
    }
  }
  return mso.f
}

const decodeXml = (s: string) => s.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

const letters = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}]/gu, '')

/** Family/given split of author lists against GROBID's hand-split names (name/citation/corpus). */
function nameReport(): void {
  const folder = path.join(GROBID_DIR, 'name', 'citation', 'corpus')
  let lists = 0
  let listsRight = 0
  let people = 0
  let familyRight = 0
  let givenRight = 0
  for (const file of readdirSync(folder).sort()) {
    const xml = readFileSync(path.join(folder, file), 'utf8')
    for (const [, inner] of xml.matchAll(/<author>([\s\S]*?)<\/author>/g)) {
      const text = decodeXml(inner.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim()
      // Gold people: a surname closes a person once a forename was seen after it, or a new surname follows a forename.
      const gold: { family: string; given: string }[] = []
      let current: { family: string; given: string } | null = null
      let familyDone = false
      for (const [, tag, raw] of inner.matchAll(/<(surname|lastname|forename|middlename)[^>]*>([\s\S]*?)<\/\1>/g)) {
        const value = decodeXml(raw)
        if (tag === 'surname' || tag === 'lastname') {
          if (!current || familyDone || current.family) {
            current = { family: '', given: '' }
            gold.push(current)
            familyDone = false
          }
          current.family = value
          if (current.given) familyDone = true
        } else {
          if (!current || (tag === 'forename' && current.given && familyDone)) {
            current = { family: '', given: '' }
            gold.push(current)
            familyDone = false
          }
          current.given = `${current.given} ${value}`.trim()
          if (current.family) familyDone = true
        }
      }
      if (gold.length === 0) continue
      const got = parseNameList(text).names
      lists++
      if (got.length === gold.length) listsRight++
      gold.forEach((g, i) => {
        people++
        if (got[i] && letters(got[i].family) === letters(g.family)) familyRight++
        if (got[i] && letters(got[i].given) === letters(g.given)) givenRight++
      })
    }
  }
  console.log(`\nauthor names (GROBID name/citation/corpus, ${lists} author lists, ${people} people): right number of people ${pct((100 * listsRight) / lists)} %, family name ${pct((100 * familyRight) / people)} %, given names ${pct((100 * givenRight) / people)} % (letters only)`)
}

const parts = values.part ? [values.part] : ['dev', 'evaluation']
for (const part of parts) {
  const entries = loadCitations(part as 'dev' | 'evaluation')
  const f = report(part === 'dev' ? 'dev (citation/corpus, fixed split)' : 'held out (citation/evaluation)', entries)
  if (part === 'evaluation') {
    console.log(`bar: soft micro F1 ≥ 90 on citation/evaluation — ${f >= 90 ? 'met' : 'NOT met'} (${f.toFixed(1)})`)
    if (f < 90) process.exitCode = 1
  }
}
if (values.parser === 'tagger') nameReport()
