/**
 * A deterministic fuzz set (scripts/fuzz-engine.ts) through the engine with its real limits:
 * byte flips, truncations, broken cross-reference tables, huge /Count, deep nesting, page trees
 * that contain themselves, wrong stream lengths and two flate bombs, all made from the real
 * corpus. Each PDF ends ok or failed with one of the engine's sentences (issue 10, item 11),
 * nothing outlives its time limit, no child passes the memory cap + 10 %, and the pool still
 * reads a normal PDF afterwards. `npm run fuzz:engine -- --count 1000` is the long run.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#app/server/config.server.ts'
import { closeExtractionWorkers, extractPdf } from '#jobs/pdf/index.ts'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { corpusPdfs, ENGINE_TIMEOUT_MS, formatSummary, MUTATIONS, runFuzz } from '../../scripts/fuzz-engine.ts'

afterAll(() => closeExtractionWorkers())

/** 26 of each mutation; cases 103 and 207 are the flate bombs (in the page content, then in the XMP metadata). */
const COUNT = MUTATIONS.length * 26
/** Corpus files up to 600 KB: every kind of PDF in the corpus, a quick run on 2 cores. */
const SMALL_FILES = 600 * 1024

describe('engine fuzz', () => {
  it(`${COUNT} mutated corpus PDFs end ok or failed with a sentence, within the limits`, async () => {
    const maxMemoryMb = loadConfig({}).extractionMaxMemoryMb
    const summary = await runFuzz({
      count: COUNT,
      seed: 10,
      concurrency: 2,
      maxMemoryMb,
      timeoutMs: ENGINE_TIMEOUT_MS,
      bombEvery: 104,
      files: corpusPdfs(undefined, SMALL_FILES),
    })
    const report = formatSummary(summary)
    expect(summary.count, report).toBe(COUNT)
    expect(summary.unknown.map((r) => `#${r.index} ${r.mutation} of ${r.source}: ${(r.outcome as { message: string }).message}`)).toEqual([])
    expect(summary.hangs.map((r) => `#${r.index} ${r.mutation} of ${r.source}`)).toEqual([])
    expect(summary.peakRssMb, report).toBeLessThanOrEqual(maxMemoryMb * 1.1)
    expect(summary.byMutation['flate-bomb'], report).toEqual({ ok: 0, failed: 2 })
    expect(summary.byCode.out_of_memory, report).toBeGreaterThanOrEqual(2)
    expect(summary.ok, report).toBeGreaterThan(0)
    expect(summary.misses, report).toEqual([])

    const extraction = await extractPdf(new Uint8Array(await corpusFile('pdfannots-hotos17.pdf')), { style: 'apa', maxMemoryMb })
    expect(extraction.annotations.length).toBeGreaterThan(0)
  }, 240_000)
})
