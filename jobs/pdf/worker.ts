/**
 * Worker-thread entry: receives PDF bytes, posts back an Extraction or a typed error.
 * The worker is reused for several files (see pool in index.ts) and never keeps a document
 * open between jobs.
 */
import { parentPort } from 'node:worker_threads'
import { ExtractionError } from './errors.ts'
import { extractFromBytes } from './extract.ts'
import type { ExtractOptions } from './types.ts'

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
  }
})
