/**
 * Fuzzes the extraction engine with deterministic mutations of the real PDFs in the shared
 * corpus, through extractPdf() with its real limits (child process, memory cap, time limit).
 *
 *   npm run fuzz:engine -- --count 1000 [--seed 1] [--concurrency 2] [--max-memory-mb 1024]
 *                          [--timeout-ms 90000] [--bomb-every 250] [--verbose]
 *
 * Mutations (case i uses a PRNG seeded with seed and i, so any case can be made again alone):
 * byte flips, truncations, a broken cross-reference table, a huge /Count, deeply nested arrays
 * and dictionaries, a page tree that contains itself, wrong stream lengths, and a flate bomb (a
 * ~1 MB PDF whose page content, or XMP metadata, inflates to 1 GiB of zeros, written with zlib
 * streaming and kept in the temp directory).
 *
 * Bars (exit 1 when one is missed): every file ends ok or failed with a sentence from the
 * engine's list (errors.ts), no extraction outlives its time limit, and no extraction child's
 * resident size passes the memory cap + 10 %.
 */
import { createWriteStream, existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { parseArgs } from 'node:util'
import { createDeflate } from 'node:zlib'
import { loadConfig } from '../app/server/config.server.ts'
import { closeExtractionWorkers, engineStats, ExtractionError, extractPdf, isHumanMessage, resetEngineStats } from '../jobs/pdf/index.ts'
import { CORPUS_DIR } from '../jobs/pdf/test/corpus.ts'

/** The limit jobs/worker.ts gives the engine for one PDF. */
export const ENGINE_TIMEOUT_MS = 90_000
/** An extraction still unsettled this long after its time limit is a hang. */
const HANG_GRACE_MS = 10_000

export const MUTATIONS = ['flip', 'truncate', 'xref', 'count', 'nest-array', 'nest-dict', 'page-tree-loop', 'length'] as const
export type Mutation = (typeof MUTATIONS)[number] | 'flate-bomb'

/** mulberry32: small, fast, and the same numbers on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The corpus PDFs, sorted, optionally only those up to maxBytes (the test keeps to small ones). */
export function corpusPdfs(dir = CORPUS_DIR, maxBytes = Infinity): string[] {
  const files: string[] = []
  for (const sub of ['annotated', 'papers']) {
    const folder = path.join(dir, sub)
    if (!existsSync(folder)) continue
    for (const name of readdirSync(folder).sort()) {
      const file = path.join(folder, name)
      if (name.endsWith('.pdf') && statSync(file).size <= maxBytes) files.push(file)
    }
  }
  if (files.length === 0) throw new Error(`No PDFs in ${dir}; set MARGINALIA_CORPUS to the corpus directory.`)
  return files
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))

/** A PDF from object bodies (object n is objects[n - 1]) with a correct cross-reference table. */
export function pdfFromObjects(objects: string[]): Uint8Array {
  let out = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return bytesOf(out)
}

/** A one-page PDF with a highlight, used where a corpus file has nothing to mutate (object streams). */
function smallPdf(pagesExtra = '', pageExtra = '', annotExtra = ''): Uint8Array {
  const text = 'BT /F1 12 Tf 72 720 Td (A fuzzed page with a highlighted line) Tj ET'
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R] /Count 1 ${pagesExtra} >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [6 0 R] ${pageExtra} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    `<< /Type /Annot /Subtype /Highlight /Rect [72 716 300 732] /QuadPoints [72 732 300 732 72 716 300 716] /C [1 1 0] ${annotExtra} >>`,
  ])
}

const int = (random: () => number, below: number) => Math.floor(random() * below)

/** Deep nesting: `[[[…]]]` or `<< /A << /A … >> >>`, depth 1 000 to 200 000. */
function nesting(random: () => number, kind: 'array' | 'dict'): string {
  const depth = [1_000, 10_000, 50_000, 200_000][int(random, 4)]
  return kind === 'array' ? `/Deep ${'['.repeat(depth)}${']'.repeat(depth)}` : `/Deep ${'<< /A '.repeat(depth)}${'>> '.repeat(depth)}`
}

/** Inserts `text` right after the first `after` match, or returns null when there is none. */
function insertAfter(source: string, after: RegExp, text: string): string | null {
  const match = after.exec(source)
  if (!match) return null
  const at = match.index + match[0].length
  return `${source.slice(0, at)} ${text} ${source.slice(at)}`
}

export function mutate(original: Uint8Array, mutation: Exclude<Mutation, 'flate-bomb'>, random: () => number): Uint8Array {
  const bytes = original.slice()
  switch (mutation) {
    case 'flip': {
      const flips = 1 + int(random, 64)
      for (let k = 0; k < flips; k++) bytes[int(random, bytes.length)] = int(random, 256)
      return bytes
    }
    case 'truncate':
      return bytes.slice(0, Math.max(16, Math.floor(bytes.length * (0.02 + random() * 0.96))))
    case 'xref': {
      let text = latin1(bytes)
      // startxref pointing anywhere, and the offsets of the table (if there is one) scrambled.
      text = text.replace(/startxref\s+\d+/g, () => `startxref\n${int(random, bytes.length * 2)}`)
      text = text.replace(/(\d{10}) (\d{5}) ([nf])/g, (whole, offset: string, gen: string, kind: string) =>
        random() < 0.3 ? `${String(int(random, 1e10)).padStart(10, '0')} ${gen} ${random() < 0.2 ? 'f' : kind}` : whole,
      )
      return bytesOf(text)
    }
    case 'count': {
      const huge = ['2147483647', '4294967296', '99999999999', '-1', '1e300', '20001'][int(random, 6)]
      const text = latin1(bytes)
      if (/\/Count\s+-?\d+/.test(text)) return bytesOf(text.replace(/\/Count\s+-?\d+/g, `/Count ${huge}`))
      return bytesOf(latin1(smallPdf()).replace('/Count 1', `/Count ${huge}`))
    }
    case 'nest-array':
    case 'nest-dict': {
      const deep = nesting(random, mutation === 'nest-array' ? 'array' : 'dict')
      const text = latin1(bytes)
      const where = [/\/Type\s*\/Page\b(?!s)/, /\/Type\s*\/Annot\b/, /\/Type\s*\/Catalog\b/, /trailer\s*<</][int(random, 4)]
      const nested = insertAfter(text, where, deep)
      if (nested) return bytesOf(nested)
      return [smallPdf(deep), smallPdf('', deep), smallPdf('', '', deep)][int(random, 3)]
    }
    case 'page-tree-loop': {
      const text = latin1(bytes)
      // The page tree's root listed among its own kids, or a page that is its own parent's kid twice over.
      const pages = /(\d+)\s+(\d+)\s+obj\s*<<(?:(?!endobj)[\s\S]){0,400}?\/Type\s*\/Pages\b/.exec(text)
      if (pages) {
        const self = `${pages[1]} ${pages[2]} R`
        const looped = text.replace(/\/Kids\s*\[/, `/Kids [${self} `)
        if (looped !== text) return bytesOf(looped)
      }
      return random() < 0.5
        ? pdfFromObjects([
            '<< /Type /Catalog /Pages 2 0 R >>',
            '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>',
            '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 3 0 R] /Count 1 >>',
          ])
        : smallPdf('', '/Kids [2 0 R 3 0 R] /Type /Pages')
    }
    case 'length': {
      const text = latin1(bytes)
      const changed = text.replace(/\/Length\s+\d+(?!\s+\d+\s+R)/g, (whole) =>
        random() < 0.5 ? `/Length ${[0, 1, int(random, 1e6), 2147483647, 99999999999][int(random, 5)]}` : whole,
      )
      return bytesOf(changed === text ? text.replace(/stream\r?\n/, 'stream\n\u0000\u00ff') : changed)
    }
  }
}

/**
 * A PDF of about size/1030 bytes with one stream that inflates to `size` bytes of zeros: the
 * page's content stream (pdf.js reads it in time slices) or the catalog's XMP /Metadata (pdf.js
 * inflates it in one synchronous call). Written once to the temp directory through zlib
 * streaming (memory stays a few MB).
 */
export async function flateBomb(size = 1024 ** 3, place: 'content' | 'metadata' = 'content'): Promise<string> {
  const file = path.join(os.tmpdir(), `marginalia-flate-bomb-${place}-${size}.pdf`)
  if (existsSync(file)) return file
  const partial = `${file}.${process.pid}.partial`
  const out = createWriteStream(partial)
  let written = 0
  const offsets: number[] = []
  const write = (text: string) => {
    out.write(text, 'latin1')
    written += Buffer.byteLength(text, 'latin1')
  }
  const object = (body: string) => {
    offsets.push(written)
    write(`${offsets.length} 0 obj\n${body}\nendobj\n`)
  }
  write('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n')
  const inContent = place === 'content'
  object(`<< /Type /Catalog /Pages 2 0 R${inContent ? '' : ' /Metadata 4 0 R'} >>`)
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>')
  object(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >>${inContent ? ' /Contents 4 0 R' : ''} /Annots [6 0 R] >>`)
  offsets.push(written)
  write(`4 0 obj\n<< ${inContent ? '' : '/Type /Metadata /Subtype /XML '}/Length 5 0 R /Filter /FlateDecode >>\nstream\n`)
  const chunk = Buffer.alloc(1024 * 1024)
  let left = size
  const zeros = Readable.from(
    (function* () {
      while (left > 0) {
        const n = Math.min(left, chunk.length)
        left -= n
        yield n === chunk.length ? chunk : chunk.subarray(0, n)
      }
    })(),
  )
  let compressed = 0
  for await (const data of zeros.pipe(createDeflate({ level: 9 })) as AsyncIterable<Buffer>) {
    compressed += data.length
    if (!out.write(data)) await once(out, 'drain')
  }
  written += compressed
  write('\nendstream\nendobj\n')
  object(String(compressed))
  object('<< /Type /Annot /Subtype /Highlight /Rect [72 716 300 732] /QuadPoints [72 732 300 732 72 716 300 716] /C [1 1 0] >>')
  const xref = written
  write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`)
  for (const offset of offsets) write(`${String(offset).padStart(10, '0')} 00000 n \n`)
  write(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))
  renameSync(partial, file)
  return file
}

export type FuzzCase = { index: number; mutation: Mutation; source: string; bytes: Uint8Array }

/** Case `index` of a run: the same bytes for the same seed, corpus and index. */
export async function fuzzCase(index: number, options: { seed: number; files: string[]; bombEvery: number }): Promise<FuzzCase> {
  if (options.bombEvery > 0 && index % options.bombEvery === options.bombEvery - 1) {
    // Content and metadata bombs in turn.
    const file = await flateBomb(1024 ** 3, Math.floor(index / options.bombEvery) % 2 === 0 ? 'content' : 'metadata')
    return { index, mutation: 'flate-bomb', source: path.basename(file), bytes: new Uint8Array(readFileSync(file)) }
  }
  const random = prng(options.seed * 1_000_003 + index)
  const mutation = MUTATIONS[index % MUTATIONS.length]
  const source = options.files[int(random, options.files.length)]
  const bytes = mutate(new Uint8Array(readFileSync(source)), mutation, random)
  return { index, mutation, source: path.basename(source), bytes }
}

export type FuzzOutcome =
  | { kind: 'ok' }
  | { kind: 'failed'; code: string; message: string }
  /** A message that is not one of the engine's sentences, or something else than an ExtractionError. */
  | { kind: 'unknown'; message: string }
  | { kind: 'hang' }

export type FuzzResult = FuzzCase & { outcome: FuzzOutcome; ms: number }

export type FuzzSummary = {
  count: number
  ok: number
  failed: number
  byCode: Record<string, number>
  byMutation: Record<string, { ok: number; failed: number }>
  unknown: FuzzResult[]
  hangs: FuzzResult[]
  peakRssMb: number
  maxMemoryMb: number
  killedForMemory: number
  killedForTime: number
  seconds: number
  /** Bars missed, in words; empty when the run passes. */
  misses: string[]
}

export type FuzzOptions = {
  count: number
  seed?: number
  concurrency?: number
  maxMemoryMb?: number
  timeoutMs?: number
  /** Every n-th case is the flate bomb (0: none). */
  bombEvery?: number
  files?: string[]
  onResult?: (result: FuzzResult) => void
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzSummary> {
  const seed = options.seed ?? 1
  const maxMemoryMb = options.maxMemoryMb ?? loadConfig().extractionMaxMemoryMb
  const timeoutMs = options.timeoutMs ?? ENGINE_TIMEOUT_MS
  const bombEvery = options.bombEvery ?? 250
  const files = options.files ?? corpusPdfs()
  const started = performance.now()
  resetEngineStats()

  const results: FuzzResult[] = []
  let next = 0
  const lane = async () => {
    while (next < options.count) {
      const fuzz = await fuzzCase(next++, { seed, files, bombEvery })
      const t0 = performance.now()
      const outcome = await runOne(fuzz.bytes, maxMemoryMb, timeoutMs)
      const result: FuzzResult = { ...fuzz, bytes: new Uint8Array(0), outcome, ms: Math.round(performance.now() - t0) }
      results.push(result)
      options.onResult?.(result)
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, lane))

  const byCode: Record<string, number> = {}
  const byMutation: Record<string, { ok: number; failed: number }> = {}
  for (const r of results) {
    const entry = (byMutation[r.mutation] ??= { ok: 0, failed: 0 })
    if (r.outcome.kind === 'ok') entry.ok++
    else entry.failed++
    if (r.outcome.kind === 'failed') byCode[r.outcome.code] = (byCode[r.outcome.code] ?? 0) + 1
  }
  const stats = engineStats()
  const unknown = results.filter((r) => r.outcome.kind === 'unknown')
  const hangs = results.filter((r) => r.outcome.kind === 'hang')
  const misses: string[] = []
  if (unknown.length) misses.push(`${unknown.length} message(s) not in the engine's list`)
  if (hangs.length) misses.push(`${hangs.length} extraction(s) past the time limit`)
  if (stats.peakRssMb > maxMemoryMb * 1.1) misses.push(`an extraction child reached ${stats.peakRssMb.toFixed(0)} MB, over the cap ${maxMemoryMb} MB + 10 %`)
  return {
    count: results.length,
    ok: results.filter((r) => r.outcome.kind === 'ok').length,
    failed: results.filter((r) => r.outcome.kind !== 'ok').length,
    byCode,
    byMutation,
    unknown,
    hangs,
    peakRssMb: stats.peakRssMb,
    maxMemoryMb,
    killedForMemory: stats.killedForMemory,
    killedForTime: stats.killedForTime,
    seconds: (performance.now() - started) / 1000,
    misses,
  }
}

async function runOne(bytes: Uint8Array, maxMemoryMb: number, timeoutMs: number): Promise<FuzzOutcome> {
  let hangTimer: NodeJS.Timeout | undefined
  const hang = new Promise<FuzzOutcome>((resolve) => {
    hangTimer = setTimeout(() => resolve({ kind: 'hang' }), timeoutMs + HANG_GRACE_MS)
  })
  const extraction = extractPdf(bytes, { style: 'apa', maxMemoryMb, timeoutMs }).then(
    (): FuzzOutcome => ({ kind: 'ok' }),
    (error: unknown): FuzzOutcome => {
      if (error instanceof ExtractionError && isHumanMessage(error.message)) return { kind: 'failed', code: error.code, message: error.message }
      return { kind: 'unknown', message: error instanceof Error ? error.message : String(error) }
    },
  )
  try {
    return await Promise.race([extraction, hang])
  } finally {
    clearTimeout(hangTimer)
  }
}

export function formatSummary(s: FuzzSummary): string {
  const lines = [
    `${s.count} fuzzed PDFs in ${s.seconds.toFixed(0)} s: ${s.ok} ok, ${s.failed} failed`,
    `failures by code: ${Object.entries(s.byCode).map(([code, n]) => `${code} ${n}`).join(', ') || 'none'}`,
    `by mutation (ok/failed): ${Object.entries(s.byMutation).map(([m, c]) => `${m} ${c.ok}/${c.failed}`).join(', ')}`,
    `messages not in the engine's list: ${s.unknown.length}`,
    ...s.unknown.slice(0, 20).map((r) => `  #${r.index} ${r.mutation} of ${r.source}: ${(r.outcome as { message: string }).message}`),
    `hangs past the time limit: ${s.hangs.length}${s.hangs.length ? ` (${s.hangs.map((r) => `#${r.index}`).join(' ')})` : ''}`,
    `children killed: ${s.killedForMemory} over the memory cap, ${s.killedForTime} past the time limit`,
    `peak RSS of an extraction child: ${s.peakRssMb.toFixed(0)} MB (cap ${s.maxMemoryMb} MB, bar ${(s.maxMemoryMb * 1.1).toFixed(0)} MB)`,
    s.misses.length ? `BARS MISSED: ${s.misses.join('; ')}` : 'all bars met',
  ]
  return lines.join('\n')
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      concurrency: { type: 'string', default: '2' },
      'max-memory-mb': { type: 'string' },
      'timeout-ms': { type: 'string', default: String(ENGINE_TIMEOUT_MS) },
      'bomb-every': { type: 'string', default: '250' },
      verbose: { type: 'boolean', default: false },
    },
  })
  const summary = await runFuzz({
    count: Number(values.count),
    seed: Number(values.seed),
    concurrency: Number(values.concurrency),
    maxMemoryMb: values['max-memory-mb'] ? Number(values['max-memory-mb']) : undefined,
    timeoutMs: Number(values['timeout-ms']),
    bombEvery: Number(values['bomb-every']),
    onResult: (r) => {
      const what = r.outcome.kind === 'failed' ? `failed (${r.outcome.code})` : r.outcome.kind === 'unknown' ? `UNKNOWN MESSAGE: ${r.outcome.message}` : r.outcome.kind
      if (values.verbose || (r.outcome.kind !== 'ok' && r.outcome.kind !== 'failed')) {
        process.stdout.write(`#${r.index} ${r.mutation} of ${r.source}: ${what} in ${r.ms} ms\n`)
      } else if (r.index % 50 === 0) process.stdout.write(`… ${r.index}\n`)
    },
  })
  await closeExtractionWorkers()
  process.stdout.write(`\n${formatSummary(summary)}\n`)
  return summary.misses.length ? 1 : 0
}

if (import.meta.main) process.exitCode = await main()
