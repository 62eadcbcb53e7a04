/**
 * Child-process entry of the extraction pool (index.ts): receives PDF bytes over IPC, answers
 * with an Extraction or a typed error, one file at a time. The parent watches this process's
 * resident size and kills it past the memory cap or the time limit; this file only has to make
 * sure that it never outlives the parent and that no library wording reaches a researcher.
 */
import { enableCompileCache } from 'node:module'
import { Worker } from 'node:worker_threads'
import { toExtractionError } from './errors.ts'
import type { ExtractOptions } from './types.ts'

export type ChildRequest = { id: number; bytes: Uint8Array; options: ExtractOptions }
export type ChildResponse =
  | { id: number; ok: true; extraction: unknown }
  | { id: number; ok: false; code: string; message: string; detail?: string }

if (!process.send) throw new Error('child.ts must be started with child_process.fork')
const send = process.send.bind(process)

// The parent gone (killed, crashed) closes the IPC channel: leave with it.
process.on('disconnect', () => process.exit(0))

/**
 * A busy main thread (pdf.js inflating a stream) sees neither the disconnect nor timers, so a
 * small thread of its own checks every 50 ms that the parent is still there and, as a backstop
 * for the parent's watchdog, that the process stays under its cap (+5 %, so that the parent,
 * which records the figure, normally acts first).
 */
const capMb = Number(process.env.MARGINALIA_EXTRACTION_CAP_MB) || 0
new Worker(
  `const { workerData } = require('node:worker_threads')
  setInterval(() => {
    if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL')
    if (workerData.capBytes > 0 && process.memoryUsage.rss() > workerData.capBytes) process.kill(process.pid, 'SIGKILL')
  }, 50)`,
  { eval: true, workerData: { parent: process.ppid, capBytes: capMb * 1.05 * 1048576 }, resourceLimits: { maxOldGenerationSizeMb: 8 } },
).unref()

// pdf.js's worker module is 2 MB of JavaScript; V8's on-disk code cache saves compiling it
// again in every new child (a failure to enable it only costs time).
try {
  enableCompileCache()
} catch {
  // Read-only temp directory: compile as usual.
}
const { extractFromBytes } = await import('./extract.ts')

// A reused child would otherwise carry the previous document's garbage into the next job.
const collectGarbage = (globalThis as { gc?: () => void }).gc

// pdf.js sometimes rejects a promise nobody awaits after the document failed; the failure
// itself is answered through the request, so such strays are not a reason to die.
process.on('unhandledRejection', () => undefined)

process.on('message', async (request: ChildRequest) => {
  let response: ChildResponse
  try {
    const extraction = await extractFromBytes(request.bytes, request.options, { withCitation: false })
    response = { id: request.id, ok: true, extraction }
  } catch (error) {
    const typed = toExtractionError(error)
    response = { id: request.id, ok: false, code: typed.code, message: typed.message, detail: typed.detail }
  }
  collectGarbage?.()
  send(response)
})
