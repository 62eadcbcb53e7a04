/**
 * The engine's memory is bounded for real (issue 10, item 4): a 1 MB PDF holding 1 GiB of
 * compressed zeros used to take the extraction to 2.4–3.4 GB. Now the child that reads it is
 * killed at the cap (EXTRACTION_MAX_MEMORY_MB), the document ends `failed` with a sentence, and
 * the worker carries on with a fresh child. Real PDFs, the real engine, a real database.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#app/server/config.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { localStorage } from '#app/server/storage.server.ts'
import { runExtract } from '#jobs/extract.ts'
import { closeExtractionWorkers, engineStats, extractPdf, resetEngineStats, TOO_LARGE_OR_COMPLEX } from '#jobs/pdf/index.ts'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { useTestDb } from '#tests/helpers/database.ts'
import { insertDocument } from '#tests/helpers/documents.ts'
import { createUser } from '#tests/helpers/users.ts'
import { flateBomb } from '../../scripts/fuzz-engine.ts'

/** A low cap keeps the test quick: the bomb reaches it in about a second. */
const CAP_MB = 300
const db = useTestDb()
const filesDir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-files-'))
const storage = localStorage(filesDir)
const logger = createLogger('silent')
const bomb = new Uint8Array(readFileSync(await flateBomb()))
/** The same 1 GiB as XMP metadata, which pdf.js inflates in one synchronous call (no time slices). */
const syncBomb = new Uint8Array(readFileSync(await flateBomb(1024 ** 3, 'metadata')))

afterAll(async () => {
  await closeExtractionWorkers()
  await rm(filesDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

async function failureOf(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { code?: string }
  }
  throw new Error('expected the extraction to fail')
}

/** Processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) found.push(Number(entry))
    } catch {
      // Gone while we looked.
    }
  }
  return found
}

function isAlive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'latin1')
    return state.slice(state.lastIndexOf(')') + 2, state.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return false
  }
}

describe('engine memory', () => {
  it('the configured cap defaults to 1024 MB and is read from EXTRACTION_MAX_MEMORY_MB', () => {
    expect(loadConfig({}).extractionMaxMemoryMb).toBe(1024)
    expect(loadConfig({ EXTRACTION_MAX_MEMORY_MB: '512' }).extractionMaxMemoryMb).toBe(512)
    expect(() => loadConfig({ EXTRACTION_MAX_MEMORY_MB: 'lots' })).toThrow(/EXTRACTION_MAX_MEMORY_MB/)
  })

  it.each([
    { where: 'in the page content', bytes: bomb },
    { where: 'in the XMP metadata (inflated in one synchronous call)', bytes: syncBomb },
  ])('stops a flate bomb $where at the cap, within 10 percent, with a sentence; a fresh child reads the next PDF', async ({ bytes }) => {
    expect(bytes.byteLength).toBeLessThan(2 * 1024 * 1024)
    resetEngineStats()
    const error = await failureOf(extractPdf(bytes, { style: 'apa', maxMemoryMb: CAP_MB, timeoutMs: 60_000 }))
    expect(error.message).toBe(TOO_LARGE_OR_COMPLEX)
    expect(error.code).toBe('out_of_memory')
    const stats = engineStats()
    expect(stats.killedForMemory).toBe(1)
    expect(stats.peakRssMb).toBeGreaterThan(CAP_MB * 0.9)
    expect(stats.peakRssMb).toBeLessThanOrEqual(CAP_MB * 1.1)

    const spawnedBefore = stats.spawned
    const extraction = await extractPdf(new Uint8Array(await corpusFile('pdfjs-highlight.pdf')), { style: 'apa', maxMemoryMb: CAP_MB })
    expect(extraction.annotations.length).toBeGreaterThan(0)
    expect(engineStats().spawned).toBe(spawnedBefore + 1)
  })

  it('a document holding the bomb ends failed with the sentence; the worker goes on with the next document', async () => {
    const user = await createUser(db)
    await storage.put('uploads/bomb.pdf', Readable.from([Buffer.from(bomb)]), 'application/pdf')
    await storage.put('uploads/fine.pdf', Readable.from([await corpusFile('pdfjs-highlight.pdf')]), 'application/pdf')
    const deps = { db, storage, logger, engineTimeoutMs: 60_000, engineMaxMemoryMb: CAP_MB }

    const bombDocument = await insertDocument(db, user.id, { storageKey: 'uploads/bomb.pdf' })
    await runExtract(deps, bombDocument.id)
    const failed = await db.selectFrom('documents').select(['upload_status', 'status_message']).where('id', '=', bombDocument.id).executeTakeFirstOrThrow()
    expect(failed).toEqual({ upload_status: 'failed', status_message: TOO_LARGE_OR_COMPLEX })

    const fineDocument = await insertDocument(db, user.id, { storageKey: 'uploads/fine.pdf' })
    await runExtract(deps, fineDocument.id)
    const fine = await db.selectFrom('documents').select('upload_status').where('id', '=', fineDocument.id).executeTakeFirstOrThrow()
    expect(fine.upload_status).toBe('raw_annotations_inserted')
  })

  it('still stops an extraction at its time limit (the child is killed)', async () => {
    resetEngineStats()
    const started = Date.now()
    const error = await failureOf(extractPdf(bomb, { style: 'apa', maxMemoryMb: 4096, timeoutMs: 400 }))
    expect(error.code).toBe('timeout')
    expect(error.message).toBe('Reading this PDF took too long and was stopped.')
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(engineStats().killedForTime).toBe(1)
  })

  it('no extraction child outlives its parent, even one busy inflating a stream', async () => {
    // A parent process that starts reading the metadata bomb (the child's main thread is busy in
    // one synchronous inflate and sees no IPC disconnect) with a cap it will not reach, then is killed.
    const script = `
      import { readFileSync } from 'node:fs'
      import { extractPdf } from ${JSON.stringify(path.resolve('jobs/pdf/index.ts'))}
      extractPdf(new Uint8Array(readFileSync(process.argv[1])), { style: 'apa', maxMemoryMb: 8192, timeoutMs: 60_000 }).catch(() => {})
      setTimeout(() => process.stdout.write('busy\\n'), 1000)
    `
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script, await flateBomb(1024 ** 3, 'metadata')], { stdio: ['ignore', 'pipe', 'inherit'] })
    await new Promise<void>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('busy')) resolve()
      })
      parent.once('exit', () => reject(new Error('the parent ended before its child was busy')))
    })
    const children = childrenOf(parent.pid as number)
    expect(children).toHaveLength(1)
    const exited = new Promise((resolve) => parent.once('exit', resolve))
    parent.kill('SIGKILL')
    await exited
    const deadline = Date.now() + 3_000
    while (isAlive(children[0]) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(isAlive(children[0])).toBe(false)
  })
})
