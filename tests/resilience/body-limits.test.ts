import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findFreePort } from '#db/embedded.ts'
import { testDatabaseUrl } from '#tests/helpers/database.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'
import { isJson, rawRequest, signIn } from './http.ts'

// JSON and form bodies are capped at 1 MB and refused (413) before they are read; uploads keep
// UPLOAD_MAX_MB. The 400 MB case runs against a separate web process, whose memory is measured.
const { baseUrl, db } = await startTestServer({ UPLOAD_MAX_MB: '2' })
const MB = 1024 * 1024

interface BigPostResult {
  status: number
  ms: number
  body: string
}

/**
 * Streams `totalBytes` of body as fast as the server takes it, and stops at the first answer:
 * the time is from the first byte sent to the answer's arrival.
 */
function bigPost(base: string, pathname: string, totalBytes: number, options: { chunked?: boolean; type?: string; headers?: Record<string, string> } = {}) {
  const url = new URL(base)
  const chunk = Buffer.alloc(64 * 1024, 'a')
  return new Promise<BigPostResult>((resolve, reject) => {
    const started = performance.now()
    let sent = 0
    const state = { answered: false }
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: pathname,
        agent: false,
        headers: {
          'Content-Type': options.type ?? 'application/json',
          ...(options.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(totalBytes) }),
          ...options.headers,
        },
      },
      (res) => {
        state.answered = true
        const ms = performance.now() - started
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, ms, body: Buffer.concat(chunks).toString('utf8') })
          req.destroy()
        })
        res.on('error', () => resolve({ status: res.statusCode ?? 0, ms, body: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    req.on('error', (error) => {
      if (!state.answered) reject(new Error(`${pathname} (${options.chunked ? 'chunked' : 'declared'}, ${sent} bytes sent): ${error.message}`))
    })
    const pump = () => {
      while (!state.answered && sent < totalBytes) {
        const piece = sent + chunk.length > totalBytes ? chunk.subarray(0, totalBytes - sent) : chunk
        sent += piece.length
        if (!req.write(piece)) {
          req.once('drain', pump)
          return
        }
      }
      if (!state.answered && sent >= totalBytes) req.end()
    }
    pump()
  })
}

/** A POST that waits for "100 Continue" before sending its body: did the server ask for it? */
const ask = (pathname: string, length: number) =>
    new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      const url = new URL(baseUrl)
      let continued = false
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: pathname,
          agent: false,
          headers: { 'Content-Type': 'application/json', 'Content-Length': String(length), Expect: '100-continue' },
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, continued })
            req.destroy()
          })
        },
      )
      req.on('continue', () => {
        continued = true
        req.end(Buffer.alloc(length, ' '))
      })
      req.on('error', reject)
      req.flushHeaders()
    })

describe('body limits in the test server', () => {
  it('a JSON body over 1 MB is a JSON 413, declared or chunked', async () => {
    for (const chunked of [false, true]) {
      const res = await bigPost(baseUrl, '/api/login', 2 * MB, { chunked })
      expect(res.status).toBe(413)
      expect(JSON.parse(res.body)).toEqual({ message: 'The request body is too large.' })
    }
  })

  it('a form body over 1 MB to a page is a 413 page, declared or chunked', async () => {
    for (const chunked of [false, true]) {
      const res = await bigPost(baseUrl, '/login', 2 * MB, { chunked, type: 'application/x-www-form-urlencoded', headers: { Origin: baseUrl } })
      expect(res.status).toBe(413)
      expect(res.body).toContain('The request body is too large.')
    }
  })

  it('with "Expect: 100-continue", a refused body is never asked for; a wanted one is', async () => {
    expect(await ask('/api/login', 400 * MB)).toEqual({ status: 413, continued: false })
    expect(await ask('/api/login', 10)).toEqual({ status: 400, continued: true })
  })

  it('a body just under 1 MB is read as usual', async () => {
    const body = JSON.stringify({ email: 'someone@example.org', password: 'x'.repeat(MB - 100) })
    const res = await rawRequest(baseUrl, 'POST', '/api/login', { headers: { 'Content-Type': 'application/json' }, body })
    expect(res.status).not.toBe(413)
    expect(res.status).toBeLessThan(500)
    expect(isJson(res)).toBe(true)
  })

  it('an upload may be larger than 1 MB but not larger than the upload limit', async () => {
    const user = await createUser(db)
    const { token } = await signIn(baseUrl, user.email, user.password)
    // Declared larger than a whole batch may be: refused before reading.
    const declared = await bigPost(baseUrl, '/api/upload', 200 * MB, {
      type: 'multipart/form-data; boundary=x',
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(declared.status).toBe(413)
    expect(JSON.parse(declared.body)).toEqual({ message: expect.any(String) })
    // A 3 MB file (over UPLOAD_MAX_MB=2) streamed in chunks: the parser's own limit, with its message.
    const boundary = 'limit-boundary'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="reference_style_id"\r\n\r\n1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="pdf_file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    )
    const body = Buffer.concat([head, Buffer.alloc(3 * MB, 'a'), Buffer.from(`\r\n--${boundary}--\r\n`)])
    const res = await rawRequest(baseUrl, 'POST', '/api/upload', {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    })
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body)).toEqual({ message: 'A file is larger than the limit of 2 MB.' })
  })
})

/** Resident and peak memory of a process, in MB, from /proc. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

describe('400 MB anonymous bodies against a separate web process', () => {
  let child: ChildProcess | undefined
  let dataDir: string | undefined
  afterAll(async () => {
    child?.kill('SIGKILL')
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  })

  it('are refused with 413 in < 100 ms, the process growing < 50 MB', async () => {
    const port = await findFreePort()
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-limits-'))
    const root = path.resolve(import.meta.dirname, '../..')
    child = spawn(process.execPath, ['server/index.ts', '--role=web'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: testDatabaseUrl(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
      },
      stdio: ['ignore', 'ignore', process.env.DEBUG_WEB ? 'inherit' : 'ignore'],
    })
    const web = `http://127.0.0.1:${port}`
    const deadline = Date.now() + 60_000
    for (;;) {
      const ok = await rawRequest(web, 'GET', '/healthz', { timeoutMs: 2_000 }).then((r) => r.status === 200, () => false)
      if (ok) break
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the web process did not start')
      await new Promise((r) => setTimeout(r, 200))
    }
    // Warm up the paths under test, so that first-use allocations are not counted as growth.
    for (let i = 0; i < 3; i++) {
      await bigPost(web, '/api/login', 2 * MB)
      await bigPost(web, '/api/login', 2 * MB, { chunked: true })
      await rawRequest(web, 'GET', '/')
    }
    const pid = child.pid as number
    const before = await memoryOf(pid)
    // Reset the peak (VmHWM) so that it measures this attack only.
    await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {})
    const kinds: [string, Parameters<typeof bigPost>[3]][] = [
      ['/api/login', {}],
      ['/api/register', {}],
      ['/api/login', { chunked: true }],
      ['/login', { type: 'application/x-www-form-urlencoded', headers: { Origin: web } }],
      ['/api/upload', { type: 'multipart/form-data; boundary=x' }],
      ['/api/upload', { type: 'multipart/form-data; boundary=x', chunked: true }],
    ]
    // One at a time, for the time to the answer (best of three: the machine is shared)...
    const timings: string[] = []
    for (const [pathname, options] of kinds) {
      const tries = [] as BigPostResult[]
      for (let i = 0; i < 3; i++) tries.push(await bigPost(web, pathname, 400 * MB, options))
      for (const t of tries) expect(t.status, pathname).toBe(413)
      const best = Math.min(...tries.map((t) => t.ms))
      timings.push(`${pathname}${options?.chunked ? ' (chunked)' : ''} ${best.toFixed(1)} ms`)
      expect(best, pathname).toBeLessThan(100)
    }
    // ...and six at once (as in the report), for the memory.
    const parallel = await Promise.all(kinds.map(([pathname, options]) => bigPost(web, pathname, 400 * MB, options)))
    const after = await memoryOf(pid)
    const growth = Math.max(after.peak, after.rss) - before.rss
    console.log(
      `400 MB bodies, one at a time (best of 3): ${timings.join(', ')}; six at once: ${parallel.map((r) => `${r.status} in ${r.ms.toFixed(0)} ms`).join(', ')}; ` +
        `web RSS ${before.rss.toFixed(1)} → ${after.rss.toFixed(1)} MB, peak ${after.peak.toFixed(1)} MB, growth ${growth.toFixed(1)} MB`,
    )
    for (const result of parallel) {
      // Anonymous: /api/upload too gets the 1 MB cap (the upload limit is for signed-in senders).
      expect(result.status).toBe(413)
      expect(result.ms).toBeLessThan(1_000)
    }
    expect(growth).toBeLessThan(50)
    // The process lives on and answers.
    expect((await rawRequest(web, 'GET', '/healthz')).status).toBe(200)
  })
})
