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
  /** Feature names, one per line. */
  features: string
  /** A weight is the stored 16-bit integer × scale. */
  scale: number
  /**
   * Base64 of, for each feature in order: the number of labels with a weight (1 byte), then per
   * label its index (1 byte) and its weight (int16, little-endian). Packed so that loading the
   * model allocates little beyond the weights themselves (the engine's worker has a memory cap).
   */
  weights: string
}

/** Sparse weights (feature → label index → weight) → the packed file form. */
export function packWeights(weights: Map<string, Map<number, number>>): Pick<ModelFile, 'features' | 'scale' | 'weights'> {
  let max = 0
  for (const row of weights.values()) for (const w of row.values()) max = Math.max(max, Math.abs(w))
  const scale = max > 0 ? max / 32767 : 1
  const names = [...weights.keys()]
  const size = names.reduce((n, f) => n + 1 + 3 * (weights.get(f)?.size ?? 0), 0)
  const bytes = Buffer.alloc(size)
  let at = 0
  for (const f of names) {
    const row = weights.get(f) ?? new Map<number, number>()
    bytes.writeUInt8(row.size, at++)
    for (const [label, w] of row) {
      bytes.writeUInt8(label, at++)
      bytes.writeInt16LE(Math.round(w / scale), at)
      at += 2
    }
  }
  return { features: names.join('\n'), scale, weights: bytes.toString('base64') }
}

/**
 * Feature → its row of label weights in `weights` (one flat array of the stored 16-bit weights, ~3 MB for the shipped model),
 * through an open-addressing table of 32-bit FNV-1a hashes: the feature strings are not kept in
 * memory (two features of 70 k sharing a hash, or an unseen feature hitting one, is a chance of
 * about 1 in 60 000 per look-up, and costs one feature's weights).
 */
export type Model = { labels: Label[]; transitions: Float64Array; hashes: Uint32Array; rows: Int32Array; mask: number; weights: Int16Array; scale: number }

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

function rowOf(model: Model, feature: string): number {
  const hash = fnv1a(feature)
  for (let slot = hash & model.mask; model.rows[slot] !== -1; slot = (slot + 1) & model.mask) if (model.hashes[slot] === hash) return model.rows[slot]
  return -1
}

export function compileModel(file: ModelFile): Model {
  const L = file.labels.length
  const features = file.features.split('\n')
  const weights = new Int16Array(features.length * L)
  let capacity = 1
  while (capacity < features.length * 2) capacity *= 2
  const hashes = new Uint32Array(capacity)
  const rows = new Int32Array(capacity).fill(-1)
  const mask = capacity - 1
  const bytes = Buffer.from(file.weights, 'base64')
  let at = 0
  features.forEach((feature, f) => {
    const count = bytes.readUInt8(at++)
    for (let i = 0; i < count; i++) {
      weights[f * L + bytes.readUInt8(at)] = bytes.readInt16LE(at + 1)
      at += 3
    }
    const hash = fnv1a(feature)
    let slot = hash & mask
    while (rows[slot] !== -1) slot = (slot + 1) & mask
    hashes[slot] = hash
    rows[slot] = f * L
  })
  return { labels: file.labels, transitions: Float64Array.from(file.transitions), hashes, rows, mask, weights, scale: file.scale }
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
      const offset = rowOf(model, f)
      if (offset >= 0) for (let l = 0; l < L; l++) row[l] += model.weights[offset + l]
    }
    for (let l = 0; l < L; l++) row[l] *= model.scale
    return row
  })
  const path = viterbi(emissions, model.transitions, L)
  return tokens.map((t, i) => ({ ...t, label: model.labels[path[i]] }))
}
