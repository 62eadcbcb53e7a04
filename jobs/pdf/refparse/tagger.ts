/**
 * The reference tagger: a linear-chain model (first-order label transitions, one weight per
 * feature and label) decoded with Viterbi. Weights are trained by `npm run train:refparse`
 * (an averaged structured perceptron, see perceptron.ts) and shipped in model.json; the model
 * is read once, on first use.
 */
import { readFileSync } from 'node:fs'
import { tokenFeatures } from './features.ts'
import type { Label } from './labels.ts'
import { tokenize, type Token } from './tokenize.ts'

export type ModelFile = {
  source: string
  licence: string
  labels: Label[]
  /** (labels + 1) × labels: row 0 is the start of the entry, row p + 1 follows label p. */
  transitions: number[]
  /** feature → [label index, weight, label index, weight, …] */
  weights: Record<string, number[]>
}

/** `rows.get(feature)` is the offset of the feature's label weights in `weights` (one flat array: ~6 MB for the shipped model). */
export type Model = { labels: Label[]; transitions: Float64Array; rows: Map<string, number>; weights: Float32Array }

export function compileModel(file: ModelFile): Model {
  const L = file.labels.length
  const features = Object.keys(file.weights)
  const weights = new Float32Array(features.length * L)
  const rows = new Map<string, number>()
  features.forEach((feature, f) => {
    const pairs = file.weights[feature]
    for (let i = 0; i < pairs.length; i += 2) weights[f * L + pairs[i]] = pairs[i + 1]
    rows.set(feature, f * L)
  })
  return { labels: file.labels, transitions: Float64Array.from(file.transitions), rows, weights }
}

export const MODEL_URL = new URL('./model.json', import.meta.url)
let cached: Model | null = null

/** The shipped model, loaded on first use and kept. */
export function defaultModel(): Model {
  cached ??= compileModel(JSON.parse(readFileSync(MODEL_URL, 'utf8')) as ModelFile)
  return cached
}

/** Best label sequence (Viterbi) for feature lists under emission weights and transitions. */
export function viterbi(emissions: Float64Array[], transitions: Float64Array, L: number): number[] {
  const n = emissions.length
  if (n === 0) return []
  const score = new Float64Array(n * L)
  const back = new Int32Array(n * L)
  for (let l = 0; l < L; l++) score[l] = transitions[l] + emissions[0][l]
  for (let i = 1; i < n; i++) {
    for (let l = 0; l < L; l++) {
      let best = -Infinity
      let arg = 0
      for (let p = 0; p < L; p++) {
        const s = score[(i - 1) * L + p] + transitions[(p + 1) * L + l]
        if (s > best) {
          best = s
          arg = p
        }
      }
      score[i * L + l] = best + emissions[i][l]
      back[i * L + l] = arg
    }
  }
  let last = 0
  for (let l = 1; l < L; l++) if (score[(n - 1) * L + l] > score[(n - 1) * L + last]) last = l
  const path: number[] = Array.from({ length: n }, () => 0)
  path[n - 1] = last
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i * L + path[i]]
  return path
}

export type TaggedToken = Token & { label: Label }

/** Tokens of `text` with their labels. */
export function tag(text: string, model: Model = defaultModel()): TaggedToken[] {
  const tokens = tokenize(text)
  const features = tokenFeatures(
    tokens.map((t) => t.text),
    tokens.map((t, i) => i > 0 && tokens[i - 1].end === t.start),
  )
  const L = model.labels.length
  const emissions = features.map((fs) => {
    const row = new Float64Array(L)
    for (const f of fs) {
      const offset = model.rows.get(f)
      if (offset !== undefined) for (let l = 0; l < L; l++) row[l] += model.weights[offset + l]
    }
    return row
  })
  const path = viterbi(emissions, model.transitions, L)
  return tokens.map((t, i) => ({ ...t, label: model.labels[path[i]] }))
}
