import { spawn } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'
import { loadConfig } from '#app/server/config.server.ts'
import { findFreePort } from '#db/embedded.ts'
import { testDatabaseUrl } from '#tests/helpers/database.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

type LogEntry = Record<string, unknown> & { msg?: string; pid?: number }

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitFor<T>(what: string, check: () => T | undefined, output: () => string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

it('serves from WEB_PROCESSES processes on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
  const port = await findFreePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', WEB_PROCESSES: '2', DATABASE_URL: testDatabaseUrl(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  // Only whole lines: a chunk may end in the middle of one.
  const entries = () =>
    output
      .split('\n')
      .slice(0, -1)
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogEntry)
  const webStarts = () => entries().filter((e) => e.msg === 'web process started')

  try {
    await waitFor('start', () => (output.includes('Marginalia is running at') ? true : undefined), () => output)
    // The log is written asynchronously (pino), the banner synchronously: the log lines may come after it.
    const started = await waitFor('the started log', () => entries().find((e) => e.msg === 'started'), () => output, 5_000)
    expect(started).toMatchObject({ role: 'all', mode: 'production', webProcesses: 2 })
    await waitFor('two web processes', () => (webStarts().length >= 2 ? true : undefined), () => output, 5_000)
    expect(webStarts()).toHaveLength(2)
    for (const entry of webStarts()) expect(entry).toMatchObject({ role: 'web', react: 'production' })
    const webPids = webStarts().map((e) => e.pid as number)
    expect(new Set([...webPids, child.pid]).size).toBe(3)

    // Every new connection goes to the next process: both answer pages.
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${base}/support`, { headers: { Connection: 'close' } })
      expect(response.status).toBe(200)
    }
    const supportRequests = () => entries().filter((e) => e.msg === 'request' && e.path === '/support')
    await waitFor('six request logs', () => (supportRequests().length === 6 ? true : undefined), () => output, 5_000)
    const servedBy = new Set(supportRequests().map((e) => e.pid))
    expect(servedBy).toEqual(new Set(webPids))

    // A web process that dies is replaced; the port keeps answering meanwhile.
    process.kill(webPids[0], 'SIGKILL')
    await waitFor('a replacement', () => (webStarts().length === 3 ? true : undefined), () => output)
    const replaced = () => entries().some((e) => e.msg === 'web process ended; starting another' && e.pid === child.pid && e.webPid === webPids[0])
    await waitFor('the replacement log', () => (replaced() ? true : undefined), () => output, 5_000)
    const livePids = [webPids[1], webStarts()[2].pid as number]
    for (let i = 0; i < 4; i++) expect((await fetch(`${base}/healthz`, { headers: { Connection: 'close' } })).status).toBe(200)

    // SIGTERM: in-flight requests finish, every web process ends, then the parent.
    const inFlight = fetch(`${base}/`)
    await new Promise((r) => setTimeout(r, 5))
    child.kill('SIGTERM')
    expect((await inFlight).status).toBe(200)
    expect(await exited).toBe(0)
    for (const pid of livePids) expect(isRunning(pid)).toBe(false)
    await expect(fetch(`${base}/healthz`)).rejects.toThrow()
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}, 90_000)

it('reads WEB_PROCESSES as a whole number from 1, one by default', () => {
  expect(loadConfig({}).webProcesses).toBe(1)
  expect(loadConfig({ WEB_PROCESSES: '4' }).webProcesses).toBe(4)
  for (const wrong of ['0', '1.5', 'many']) expect(() => loadConfig({ WEB_PROCESSES: wrong })).toThrow(/WEB_PROCESSES/)
})
