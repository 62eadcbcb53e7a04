/**
 * npm run bench:extract — the extraction engine over the annotated corpus.
 *
 * Prints per-file times, pages per second, p50/p95 per file and the peak memory (RSS of this
 * process plus its extraction child processes, sampled together; and each process's own peak),
 * then runs the MuPDF baseline script
 * (../shared/corpus/tools/mupdf_annots.py, one process per file as recorded in BASELINES.md)
 * when a python with PyMuPDF (fitz) is found, and prints both side by side. The last line is:
 *   corpus: <ours> s, mupdf baseline: <theirs> s, peak <MB> MB
 *
 * Files are extracted two at a time (the machine has two cores), through the public
 * extractPdf(), so worker start-up and the time limits are part of the measurement. The two
 * tools run in alternating rounds (BENCH_ROUNDS, default 2) and each one's best round is
 * reported, because this machine is shared and load from elsewhere comes in bursts. Peak
 * memory is the highest over all of our rounds.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { closeExtractionWorkers, extractionChildPids, extractPdf, residentMb } from '../jobs/pdf/index.ts'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const corpusDir = process.env.MARGINALIA_CORPUS ?? path.resolve(repoRoot, '../shared/corpus')
const annotatedDir = path.join(corpusDir, 'annotated')
const baselineScript = path.join(corpusDir, 'tools/mupdf_annots.py')
const concurrency = Math.max(1, Math.min(2, availableParallelism()))

type Result = { file: string; ms: number; pages: number; annotations: number; error?: string }

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** Bytes resident in this process and its extraction children. */
function totalRss(): number {
  return process.memoryUsage().rss + extractionChildPids().reduce((sum, pid) => sum + (residentMb(pid)?.rss ?? 0) * 1048576, 0)
}

/** The highest resident memory any one extraction child has reached so far (the kernel's VmHWM). */
function childPeakMb(): number {
  return Math.max(0, ...extractionChildPids().map((pid) => residentMb(pid)?.peak ?? 0))
}

async function runOurs(files: string[]): Promise<{ results: Result[]; wallMs: number; peakMb: number; childPeakMb: number }> {
  let peak = totalRss()
  let childPeak = 0
  const sampler = setInterval(() => {
    peak = Math.max(peak, totalRss())
    childPeak = Math.max(childPeak, childPeakMb())
  }, 10)
  const results: Result[] = []
  const queue = [...files]
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const bytes = new Uint8Array(readFileSync(file))
        const t0 = performance.now()
        try {
          const extraction = await extractPdf(bytes, { style: 'apa' })
          results.push({ file, ms: performance.now() - t0, pages: extraction.pageCount, annotations: extraction.annotations.length })
        } catch (error) {
          results.push({ file, ms: performance.now() - t0, pages: 0, annotations: 0, error: String((error as Error).message) })
        }
      }
    }),
  )
  const wallMs = performance.now() - started
  clearInterval(sampler)
  peak = Math.max(peak, totalRss())
  childPeak = Math.max(childPeak, childPeakMb())
  await closeExtractionWorkers()
  return { results, wallMs, peakMb: peak / 1048576, childPeakMb: childPeak }
}

function findPythonWithFitz(): string | null {
  for (const candidate of ['/usr/bin/python3', 'python3']) {
    const probe = spawnSync(candidate, ['-c', 'import fitz'], { stdio: 'ignore' })
    if (probe.status === 0) return candidate
  }
  return null
}

function runBaseline(python: string, files: string[]): { perFile: Map<string, number>; wallMs: number } {
  const outDir = mkdtempSync(path.join(tmpdir(), 'mupdf-baseline-'))
  const perFile = new Map<string, number>()
  const started = performance.now()
  try {
    for (const file of files) {
      const t0 = performance.now()
      spawnSync(python, [baselineScript, file, path.join(outDir, `${path.basename(file)}.json`)], { stdio: 'ignore' })
      perFile.set(file, performance.now() - t0)
    }
    return { perFile, wallMs: performance.now() - started }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

const files = readdirSync(annotatedDir)
  .filter((f) => f.endsWith('.pdf'))
  .sort()
  .map((f) => path.join(annotatedDir, f))

const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2))
const python = findPythonWithFitz()
if (!python) console.log('note: no python3 with PyMuPDF (fitz) found; install python3-fitz to compare with the MuPDF baseline')
console.log(`Extracting ${files.length} annotated corpus files, ${concurrency} at a time; ${rounds} alternating round(s) of ours and the MuPDF baseline, best round of each reported`)

// The machine is shared: alternate the two tools and keep each one's best round, so that a
// burst of load from elsewhere does not decide the comparison.
let ours: Awaited<ReturnType<typeof runOurs>> | null = null
let baseline: ReturnType<typeof runBaseline> | null = null
let peakMb = 0
let childPeak = 0
for (let round = 1; round <= rounds; round++) {
  const mine = await runOurs(files)
  peakMb = Math.max(peakMb, mine.peakMb)
  childPeak = Math.max(childPeak, mine.childPeakMb)
  if (!ours || mine.wallMs < ours.wallMs) ours = mine
  const theirs = python ? runBaseline(python, files) : null
  if (theirs && (!baseline || theirs.wallMs < baseline.wallMs)) baseline = theirs
  console.log(`round ${round}: ours ${(mine.wallMs / 1000).toFixed(2)} s${theirs ? `, mupdf ${(theirs.wallMs / 1000).toFixed(2)} s` : ''}`)
}
if (!ours) throw new Error('no benchmark round ran')

const byFile = new Map(ours.results.map((r) => [r.file, r]))
console.log('')
console.log(`${'file'.padEnd(52)} ${'pages'.padStart(5)} ${'annots'.padStart(6)} ${'ours ms'.padStart(8)} ${'mupdf ms'.padStart(9)}`)
for (const file of files) {
  const r = byFile.get(file)
  const theirs = baseline?.perFile.get(file)
  console.log(
    `${path.basename(file).slice(0, 52).padEnd(52)} ${String(r?.pages ?? 0).padStart(5)} ${String(r?.annotations ?? 0).padStart(6)} ${(r?.ms ?? 0).toFixed(0).padStart(8)} ${(theirs === undefined ? '-' : theirs.toFixed(0)).padStart(9)}${r?.error ? `  ERROR ${r.error}` : ''}`,
  )
}
const times = ours.results.map((r) => r.ms)
const pages = ours.results.reduce((s, r) => s + r.pages, 0)
const failures = ours.results.filter((r) => r.error)
console.log('')
console.log(`files: ${files.length}, pages: ${pages}, annotations: ${ours.results.reduce((s, r) => s + r.annotations, 0)}, failures: ${failures.length}, load average ${loadavg()[0].toFixed(1)}`)
console.log(`ours:  wall ${(ours.wallMs / 1000).toFixed(2)} s, ${(pages / (ours.wallMs / 1000)).toFixed(0)} pages/s, per file p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, peak ${peakMb.toFixed(0)} MB`)
if (baseline) {
  const theirTimes = [...baseline.perFile.values()]
  console.log(`mupdf: wall ${(baseline.wallMs / 1000).toFixed(2)} s, ${(pages / (baseline.wallMs / 1000)).toFixed(0)} pages/s, per file p50 ${percentile(theirTimes, 50).toFixed(0)} ms, p95 ${percentile(theirTimes, 95).toFixed(0)} ms (one python process per file)`)
}
// maxRSS is in kilobytes: this process's own peak, apart from its extraction children.
console.log(`memory: peak of all processes together ${peakMb.toFixed(0)} MB, this process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, one extraction child ${childPeak.toFixed(0)} MB`)
console.log(`corpus: ${(ours.wallMs / 1000).toFixed(2)} s, mupdf baseline: ${baseline ? `${(baseline.wallMs / 1000).toFixed(2)} s` : 'n/a (no PyMuPDF)'}, peak ${peakMb.toFixed(0)} MB`)
if (failures.length > 0) process.exitCode = 1
