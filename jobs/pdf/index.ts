/**
 * Public API of the extraction engine (DESIGN.md §7).
 *
 *   extractPdf(bytes, { style, timeoutMs?, maxMemoryMb? }) → Promise<Extraction>
 *
 * Parsing runs in a child process (child.ts), one file at a time per child. The memory cap is
 * the child's resident size, not only its JavaScript heap: pdf.js inflates streams into typed
 * arrays that no V8 heap limit covers (a 1 MB PDF can hold 1 GiB of compressed zeros). While a
 * file is read, the parent reads the child's VmRSS from /proc every 10 ms and kills it past
 * `maxMemoryMb`; the child also checks itself (it has a thread for that) and leaves when the
 * parent is gone. A child over the cap, past the time limit or crashed is killed and replaced,
 * and the promise rejects with an ExtractionError ('out_of_memory' / 'timeout' / 'internal').
 * Idle children are kept for reuse and do not keep the process alive.
 */
import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { ExtractionError, isExtractionErrorCode } from './errors.ts'
import { formatCitation } from './styles.ts'
import type { ChildRequest, ChildResponse } from './child.ts'
import type { ExtractOptions, Extraction } from './types.ts'

export { ExtractionError } from './errors.ts'
export type { ExtractionErrorCode } from './errors.ts'
export { isHumanMessage, TOO_LARGE_OR_COMPLEX } from './errors.ts'
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
/** The resident-size cap of one extraction (EXTRACTION_MAX_MEMORY_MB in the app's configuration). */
export const DEFAULT_MAX_MEMORY_MB = 1024
/** Idle children kept for reuse (the machine has 2 cores). */
const MAX_IDLE_CHILDREN = 2
/** How often a busy child's resident size is read. pdf.js inflates a few hundred MB/s, so the overshoot stays a few MB. */
const WATCH_INTERVAL_MS = 10

type PooledChild = {
  process: ChildProcess
  memoryMb: number
  /** The last lines the child wrote to stderr (V8's out-of-memory report, a crash), for the log. */
  stderrTail: string
}

const idle: PooledChild[] = []
const alive = new Set<PooledChild>()
let nextRequestId = 1

/** Figures for the fuzz script and the tests: the highest resident size any child reached. */
const stats = { peakRssMb: 0, spawned: 0, killedForMemory: 0, killedForTime: 0, crashed: 0 }
export function engineStats(): Readonly<typeof stats> {
  return { ...stats }
}
export function resetEngineStats(): void {
  Object.assign(stats, { peakRssMb: 0, spawned: 0, killedForMemory: 0, killedForTime: 0, crashed: 0 })
}

/** Process ids of the extraction children alive now, busy or idle (the benchmark sums their memory). */
export function extractionChildPids(): number[] {
  return [...alive].map((c) => c.process.pid).filter((pid): pid is number => pid !== undefined)
}

let exitHookInstalled = false
/** No child outlives this process: kill them all when it exits (the children also watch for it). */
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const child of alive) child.process.kill('SIGKILL')
  })
}

function spawn(memoryMb: number): PooledChild {
  installExitHook()
  const child = fork(new URL('./child.ts', import.meta.url), [], {
    // The heap limit is the cap too: a heap that grows past it fails inside V8 before the
    // watchdog has to act. A small young generation keeps the resident size down.
    execArgv: [`--max-old-space-size=${Math.max(64, memoryMb)}`, '--max-semi-space-size=2', '--expose-gc'],
    env: { ...process.env, MARGINALIA_EXTRACTION_CAP_MB: String(memoryMb) },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  stats.spawned++
  const pooled: PooledChild = { process: child, memoryMb, stderrTail: '' }
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    pooled.stderrTail = (pooled.stderrTail + chunk).slice(-2000)
  })
  alive.add(pooled)
  child.once('exit', () => {
    alive.delete(pooled)
    const index = idle.indexOf(pooled)
    if (index >= 0) idle.splice(index, 1)
  })
  // A child that cannot be started reports through 'error'; extractPdf listens while busy.
  child.on('error', () => undefined)
  return pooled
}

function setRef(pooled: PooledChild, ref: boolean): void {
  const handles = [pooled.process, pooled.process.channel, pooled.process.stderr] as ({ ref?: () => void; unref?: () => void } | null | undefined)[]
  for (const handle of handles) {
    if (ref) handle?.ref?.()
    else handle?.unref?.()
  }
}

function takeChild(memoryMb: number): PooledChild {
  const index = idle.findIndex((c) => c.memoryMb === memoryMb)
  if (index >= 0) {
    const [pooled] = idle.splice(index, 1)
    setRef(pooled, true)
    return pooled
  }
  return spawn(memoryMb)
}

function release(pooled: PooledChild): void {
  if (idle.length >= MAX_IDLE_CHILDREN || pooled.process.exitCode !== null || !pooled.process.connected) {
    pooled.process.kill('SIGKILL')
    return
  }
  setRef(pooled, false)
  idle.push(pooled)
}

/** Resident size now and at its highest, in MB, from /proc (Linux); null elsewhere or once the child is gone. */
export function residentMb(pid: number): { rss: number; peak: number } | null {
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'latin1')
  } catch {
    return null
  }
  const rss = /VmRSS:\s+(\d+) kB/.exec(status)
  if (!rss) return null
  const peak = /VmHWM:\s+(\d+) kB/.exec(status)
  return { rss: Number(rss[1]) / 1024, peak: Number(peak?.[1] ?? rss[1]) / 1024 }
}

/** Ends every idle child (tests and short-lived scripts call this to exit promptly). */
export async function closeExtractionWorkers(): Promise<void> {
  const children = idle.splice(0, idle.length)
  await Promise.all(
    children.map(
      (pooled) =>
        new Promise<void>((resolve) => {
          if (pooled.process.exitCode !== null || pooled.process.signalCode !== null) return resolve()
          // Referenced again, or the event loop could end before the exit is seen.
          setRef(pooled, true)
          pooled.process.once('exit', () => resolve())
          pooled.process.kill('SIGKILL')
        }),
    ),
  )
}

export function extractPdf(bytes: Uint8Array, options: ExtractOptions): Promise<Extraction> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const memoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB
  const pooled = takeChild(memoryMb)
  const child = pooled.process
  const id = nextRequestId++

  return new Promise<Extraction>((resolve, reject) => {
    let settled = false
    let killedFor: 'memory' | 'time' | null = null
    const kill = (reason: 'memory' | 'time') => {
      if (killedFor) return
      killedFor = reason
      if (reason === 'memory') stats.killedForMemory++
      else stats.killedForTime++
      child.kill('SIGKILL')
    }
    const finish = (outcome: () => void, reusable: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watchdog)
      child.off('message', onMessage)
      child.off('error', onError)
      child.off('exit', onExit)
      if (reusable) release(pooled)
      else child.kill('SIGKILL')
      outcome()
    }
    const onMessage = (response: ChildResponse) => {
      if (response?.id !== id) return
      watch()
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
      } else {
        const code = isExtractionErrorCode(response.code) ? response.code : 'internal'
        finish(() => reject(new ExtractionError(code, code === 'internal' ? undefined : response.message, response.detail)), true)
      }
    }
    const onError = (error: Error) => finish(() => reject(new ExtractionError('internal', undefined, `extraction child: ${error.message}`)), false)
    const onExit = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      const tail = pooled.stderrTail.trim().split('\n').slice(-3).join(' | ')
      const detail = `extraction child ended (${signal ?? `exit ${exitCode}`})${tail ? `: ${tail}` : ''}`
      let code: 'timeout' | 'out_of_memory' | 'internal'
      if (killedFor === 'time') code = 'timeout'
      // Killed by the watchdog, by its own backstop, by the kernel's OOM killer, or V8's heap limit.
      else if (killedFor === 'memory' || signal === 'SIGKILL' || /out of memory|allocation failed/i.test(tail)) code = 'out_of_memory'
      else code = 'internal'
      if (code === 'internal') stats.crashed++
      finish(() => reject(new ExtractionError(code, undefined, detail)), false)
    }
    const watch = () => {
      const memory = residentMb(child.pid ?? -1)
      if (!memory) return
      if (memory.peak > stats.peakRssMb) stats.peakRssMb = memory.peak
      if (memory.rss > memoryMb) kill('memory')
    }
    const timer = setTimeout(() => kill('time'), timeoutMs)
    const watchdog = setInterval(watch, WATCH_INTERVAL_MS)

    child.on('message', onMessage)
    child.on('error', onError)
    child.on('exit', onExit)
    // The bytes are copied to the child (structured clone), the caller's buffer stays usable. A
    // view on a larger buffer (a Buffer from Node's pool) is trimmed first: cloning a view copies
    // its whole underlying buffer.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
    const request: ChildRequest = { id, bytes: own, options: { ...options, timeoutMs, maxMemoryMb: memoryMb } }
    child.send(request, (error) => {
      if (error) onError(error)
    })
  })
}
