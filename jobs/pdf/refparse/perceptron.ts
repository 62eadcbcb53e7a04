/**
 * Averaged structured perceptron for the linear-chain tagger (Collins 2002): decode each
 * training entry with the current weights, and where the best path differs from the gold one,
 * add the gold path's features and subtract the predicted one's. The returned weights are the
 * average over all steps (kept cheaply as w − Σ c·Δ / c). Deterministic: entries are visited in
 * an order shuffled by a seeded generator.
 */
import { tokenFeatures } from './features.ts'
import { LABELS, type Label } from './labels.ts'
import { packWeights, viterbi, type ModelFile } from './tagger.ts'

export type TrainingSequence = { tokens: string[]; glued: boolean[]; labels: Label[] }
export type TrainOptions = { epochs: number; minCount: number; prune: number; seed: number; log?: (line: string) => void }

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000

export function trainPerceptron(data: TrainingSequence[], options: TrainOptions): ModelFile {
  const L = LABELS.length
  const labelIndex = new Map<Label, number>(LABELS.map((l, i) => [l, i]))
  // Feature dictionary: features seen at least minCount times in training.
  const counts = new Map<string, number>()
  const featureLists = data.map((d) => tokenFeatures(d.tokens, d.glued))
  for (const seq of featureLists) for (const fs of seq) for (const f of fs) counts.set(f, (counts.get(f) ?? 0) + 1)
  const names = [...counts].filter(([, c]) => c >= options.minCount).map(([f]) => f).sort()
  const id = new Map(names.map((f, i) => [f, i]))
  options.log?.(`${data.length} entries, ${names.length} features (of ${counts.size})`)
  const encoded = featureLists.map((seq) => seq.map((fs) => Int32Array.from(fs.map((f) => id.get(f) ?? -1).filter((x) => x >= 0))))
  const gold = data.map((d) => d.labels.map((l) => labelIndex.get(l) ?? 0))

  const F = names.length
  const w = new Float64Array(F * L)
  const wa = new Float64Array(F * L)
  const t = new Float64Array((L + 1) * L)
  const ta = new Float64Array((L + 1) * L)
  let c = 1
  const random = mulberry32(options.seed)
  const order = data.map((_, i) => i)
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    let wrong = 0
    let total = 0
    for (const s of order) {
      const seq = encoded[s]
      const emissions = seq.map((fs) => {
        const row = new Float64Array(L)
        for (const f of fs) for (let l = 0; l < L; l++) row[l] += w[f * L + l]
        return row
      })
      const predicted = viterbi(emissions, t, L)
      const g = gold[s]
      total += g.length
      for (let i = 0; i < g.length; i++) {
        const p = predicted[i]
        if (p !== g[i]) {
          wrong++
          for (const f of seq[i]) {
            w[f * L + g[i]] += 1
            wa[f * L + g[i]] += c
            w[f * L + p] -= 1
            wa[f * L + p] -= c
          }
        }
        const gPrev = i === 0 ? 0 : g[i - 1] + 1
        const pPrev = i === 0 ? 0 : predicted[i - 1] + 1
        if (gPrev !== pPrev || g[i] !== p) {
          t[gPrev * L + g[i]] += 1
          ta[gPrev * L + g[i]] += c
          t[pPrev * L + p] -= 1
          ta[pPrev * L + p] -= c
        }
      }
      c++
    }
    options.log?.(`epoch ${epoch + 1}: token error ${((100 * wrong) / total).toFixed(2)} %`)
  }
  const weights = new Map<string, Map<number, number>>()
  for (let f = 0; f < F; f++) {
    const row = new Map<number, number>()
    for (let l = 0; l < L; l++) {
      const avg = w[f * L + l] - wa[f * L + l] / c
      if (Math.abs(avg) >= options.prune) row.set(l, avg)
    }
    if (row.size > 0) weights.set(names[f], row)
  }
  options.log?.(`kept ${weights.size} features with a weight of at least ${options.prune}`)
  const transitions = Array.from(t, (x, i) => round(x - ta[i] / c))
  return {
    source: 'Trained by scripts/train-refparse.ts on the train part of GROBID citation/corpus (kermitt2/grobid b8d6bec, grobid-trainer/resources/dataset)',
    licence: 'Apache-2.0 (GROBID training data); see README.md in this folder',
    labels: [...LABELS],
    transitions,
    ...packWeights(weights),
  }
}
