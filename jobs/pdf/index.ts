/**
 * Public API of the extraction engine (DESIGN.md §7).
 *
 *   extractPdf(bytes, { style, timeoutMs?, maxMemoryMb? }) → Promise<Extraction>
 *
 * Parsing runs in a worker thread with a V8 heap limit and a wall-clock limit; a worker
 * that hangs or runs out of memory is terminated and the promise rejects with an
 * ExtractionError ('timeout' / 'out_of_memory'). Idle workers are kept for reuse and do
 * not keep the process alive.
 */
import { Worker } from 'node:worker_threads'
import { ExtractionError, isExtractionErrorCode } from './errors.ts'
import { formatCitation } from './styles.ts'
import type { WorkerRequest, WorkerResponse } from './worker.ts'
import type { ExtractOptions, Extraction } from './types.ts'

export { ExtractionError } from './errors.ts'
export type { ExtractionErrorCode } from './errors.ts'
export { formatCitation } from './styles.ts'
export { sortByHue, documentColors, groupShades } from './colors.ts'
export { CITATION_STYLES } from './types.ts'
export type {
  Annotation,
  AnnotationType,
  CitationStyle,
  Extraction,
  ExtractOptions,
  InTextCitation,
  PaperMetadata,
  Person,
  Reference,
  Reply,
} from './types.ts'

export const DEFAULT_TIMEOUT_MS = 60_000
export const DEFAULT_MAX_MEMORY_MB = 256
/** Idle workers kept for reuse (the machine has 2 cores). */
const MAX_IDLE_WORKERS = 2

type PooledWorker = { worker: Worker; memoryMb: number }
const idle: PooledWorker[] = []
let nextRequestId = 1

function spawn(memoryMb: number): PooledWorker {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    // A small young generation keeps the resident size down; pdf.js allocates mostly short-lived objects.
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 8 },
  })
  return forgetWhenGone({ worker, memoryMb })
}

function takeWorker(memoryMb: number): PooledWorker {
  const index = idle.findIndex((w) => w.memoryMb === memoryMb)
  if (index >= 0) {
    const [pooled] = idle.splice(index, 1)
    pooled.worker.ref()
    return pooled
  }
  return spawn(memoryMb)
}

function release(pooled: PooledWorker): void {
  if (idle.length >= MAX_IDLE_WORKERS) {
    void pooled.worker.terminate()
    return
  }
  pooled.worker.unref()
  idle.push(pooled)
}

/** A worker that dies while idle (killed from outside, a crash) leaves the pool. */
function forgetWhenGone(pooled: PooledWorker): PooledWorker {
  pooled.worker.once('exit', () => {
    const index = idle.indexOf(pooled)
    if (index >= 0) idle.splice(index, 1)
  })
  return pooled
}

/** Terminates idle workers (tests and short-lived scripts call this to exit promptly). */
export async function closeExtractionWorkers(): Promise<void> {
  const workers = idle.splice(0, idle.length)
  await Promise.all(workers.map((w) => w.worker.terminate()))
}

export function extractPdf(bytes: Uint8Array, options: ExtractOptions): Promise<Extraction> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const memoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB
  const pooled = takeWorker(memoryMb)
  const { worker } = pooled
  const id = nextRequestId++

  return new Promise<Extraction>((resolve, reject) => {
    let settled = false
    const finish = (outcome: () => void, reusable: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
      if (reusable) release(pooled)
      else void worker.terminate()
      outcome()
    }
    const onMessage = (response: WorkerResponse) => {
      if (response.id !== id) return
      if (response.ok) {
        const extraction = response.extraction as Extraction
        finish(() => {
          try {
            extraction.citation = formatCitation(extraction.metadata, extraction.style)
          } catch {
            // A style that cannot format this record leaves the citation empty; the rest stands.
            extraction.citation = ''
          }
          resolve(extraction)
        }, true)
      }
      else {
        const code = isExtractionErrorCode(response.code) ? response.code : 'broken'
        finish(() => reject(new ExtractionError(code, response.message)), true)
      }
    }
    const onError = (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap/i.test(error.message)
      finish(() => reject(new ExtractionError(outOfMemory ? 'out_of_memory' : 'broken')), false)
    }
    const onExit = () => finish(() => reject(new ExtractionError('out_of_memory')), false)
    const timer = setTimeout(() => finish(() => reject(new ExtractionError('timeout')), false), timeoutMs)

    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
    // The bytes are copied into the worker (structured clone), the caller's buffer stays usable.
    // A view on a larger buffer (a Buffer from Node's pool) is trimmed first: cloning a view
    // copies its whole underlying buffer.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
    worker.postMessage({ id, bytes: own, options: { ...options, timeoutMs, maxMemoryMb: memoryMb } } satisfies WorkerRequest)
  })
}
