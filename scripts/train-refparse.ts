/**
 * `npm run train:refparse` — trains the reference tagger on the train part of GROBID's labelled
 * reference strings (jobs/pdf/refparse/grobid-data.ts: fixed split by file name; the dev part and
 * citation/evaluation/, with its copies inside citation/corpus/, are never used here) and writes jobs/pdf/refparse/model.json. The same data
 * and options give the same file, byte for byte.
 *
 * Options: --epochs N (default 10), --out FILE.
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { loadCitations, toSequence } from '../jobs/pdf/refparse/grobid-data.ts'
import { trainPerceptron } from '../jobs/pdf/refparse/perceptron.ts'
import { MODEL_URL } from '../jobs/pdf/refparse/tagger.ts'

const { values } = parseArgs({ options: { epochs: { type: 'string', default: '10' }, out: { type: 'string' }, prune: { type: 'string', default: '0.05' } } })
const started = performance.now()
const train = loadCitations('train').map(toSequence)
const model = trainPerceptron(
  train.map((s) => ({ tokens: s.tokens, glued: s.starts.map((start, i) => i > 0 && s.ends[i - 1] === start), labels: s.labels })),
  { epochs: Number(values.epochs), minCount: 2, prune: Number(values.prune), seed: 11, log: (line) => console.log(line) },
)
const out = values.out ?? MODEL_URL
const json = `${JSON.stringify(model)}\n`
writeFileSync(out, json)
console.log(`wrote ${String(out)} (${(json.length / 1024 / 1024).toFixed(2)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`)
