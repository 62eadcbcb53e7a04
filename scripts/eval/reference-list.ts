/**
 * Reference-list segmentation on the public corpus papers (hand-checked truth in
 * scripts/eval/truth/references/<paper>.json: the number of entries of the paper's main list and
 * the first three words of each entry). Per split (fixed by file name, scripts/eval/_split.ts):
 * papers whose entry count is exact, and entry boundaries — an entry found by the engine is right
 * when its first three words are those of a true entry not matched yet (precision over the
 * engine's entries, recall over the true ones).
 *
 * `node scripts/eval/reference-list.ts [--errors]`
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { extractFromBytes } from '../../jobs/pdf/extract.ts'
import { CORPUS_DIR } from '../../jobs/pdf/test/corpus.ts'
import { splitOf } from './_split.ts'

const { values } = parseArgs({ options: { errors: { type: 'boolean', default: false } }, strict: false })
const TRUTH_DIR = path.join(import.meta.dirname, 'truth/references')

export type ListTruth = { file: string; entries: number; starts: string[] }
export const startKey = (text: string) =>
  text
    .split(/\s+/)
    .slice(0, 3)
    .join(' ')
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase()

type Row = { file: string; split: 'dev' | 'test'; truth: number; found: number; right: number }
const rows: Row[] = []
for (const name of readdirSync(TRUTH_DIR).filter((f) => f.endsWith('.json')).sort()) {
  const truth = JSON.parse(readFileSync(path.join(TRUTH_DIR, name), 'utf8')) as ListTruth
  const { references } = await extractFromBytes(new Uint8Array(readFileSync(path.join(CORPUS_DIR, truth.file))), { style: 'apa' }, { withCitation: false })
  const pending = truth.starts.map(startKey)
  let right = 0
  const wrong: string[] = []
  for (const r of references) {
    const at = pending.indexOf(startKey(r.raw))
    if (at >= 0) {
      pending.splice(at, 1)
      right++
    } else wrong.push(`+ ${r.raw.slice(0, 60)}`)
  }
  const row: Row = { file: path.basename(truth.file), split: splitOf(path.basename(truth.file)), truth: truth.entries, found: references.length, right }
  rows.push(row)
  if (values.errors && (wrong.length || pending.length)) process.stdout.write(`${row.file}: ${[...wrong, ...pending.map((p) => `- ${p}`)].join('\n    ')}\n`)
}

const pct = (a: number, b: number) => (b === 0 ? '  n/a' : `${((100 * a) / b).toFixed(1).padStart(5)}`)
process.stdout.write('paper                                    split  truth  found  right-starts\n')
for (const r of rows) process.stdout.write(`${r.file.padEnd(40)} ${r.split.padEnd(5)} ${String(r.truth).padStart(6)} ${String(r.found).padStart(6)} ${String(r.right).padStart(6)}${r.truth === r.found ? '' : '   ✗ count'}\n`)
process.stdout.write('\nsplit  papers  exact count %  boundary P  boundary R  (bar: exact count ≥ 85 %)\n')
for (const split of ['dev', 'test'] as const) {
  const part = rows.filter((r) => r.split === split)
  const exact = part.filter((r) => r.truth === r.found).length
  const right = part.reduce((s, r) => s + r.right, 0)
  const found = part.reduce((s, r) => s + r.found, 0)
  const truth = part.reduce((s, r) => s + r.truth, 0)
  process.stdout.write(`${split.padEnd(6)} ${String(part.length).padStart(6)}  ${pct(exact, part.length)}         ${pct(right, found)}       ${pct(right, truth)}\n`)
}
