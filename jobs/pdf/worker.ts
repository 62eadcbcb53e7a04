/**
 * Worker-thread entry: receives PDF bytes, posts back an Extraction or a typed error.
 * The worker is reused for several files (see pool in index.ts) and never keeps a document
 * open between jobs.
 */
import { enableCompileCache } from 'node:module'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parentPort } from 'node:worker_threads'
import { ExtractionError } from './errors.ts'
import type { ExtractOptions } from './types.ts'

// pdf.js's worker module is 2 MB of JavaScript; V8's on-disk code cache saves compiling it
// again in every new worker (a failure to enable it only costs time).
try {
  enableCompileCache()
} catch {
  // Read-only temp directory or an old Node: compile as usual.
}
const { extractFromBytes } = await import('./extract.ts')

// A reused worker would otherwise carry the previous document's garbage into the next job,
// and the two add up at the peak; collecting between jobs keeps the resident size down.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as (() => void) | undefined

export type WorkerRequest = { id: number; bytes: Uint8Array; options: ExtractOptions }
export type WorkerResponse =
  | { id: number; ok: true; extraction: unknown; peakHeapMb: number }
  | { id: number; ok: false; code: string; message: string }

if (!parentPort) throw new Error('worker.ts must run in a worker thread')
const port = parentPort

port.on('message', async (request: WorkerRequest) => {
  try {
    const extraction = await extractFromBytes(request.bytes, request.options, { withCitation: false })
    port.postMessage({ id: request.id, ok: true, extraction, peakHeapMb: process.memoryUsage().heapUsed / 1048576 } satisfies WorkerResponse)
  } catch (error) {
    const known = error instanceof ExtractionError
    port.postMessage({
      id: request.id,
      ok: false,
      code: known ? error.code : 'broken',
      message: known ? error.message : `This PDF could not be read: ${(error as Error)?.message ?? String(error)}`,
    } satisfies WorkerResponse)
  } finally {
    collectGarbage?.()
  }
})
