import http from 'node:http'
import { expect } from 'vitest'

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/**
 * One HTTP request with node:http, which (unlike fetch) sends any method, TRACE and PROPFIND
 * included, and any raw path, and never follows a redirect.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<RawResponse> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...(options.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(options.body)) } : {}), ...options.headers },
        agent: false,
      },
      (res) => {
        // An event stream never ends by itself: its status and headers are the answer.
        if (/text\/event-stream/.test(String(res.headers['content-type'] ?? ''))) {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' })
          res.destroy()
          return
        }
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`${method} ${path} timed out`)))
    req.on('error', reject)
    if (options.body !== undefined) req.write(options.body)
    req.end()
  })
}

/** A browser session (cookie) and an API token for a fresh account. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<{ cookie: string; token: string }> {
  const page = await rawRequest(baseUrl, 'POST', '/login', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
    body: new URLSearchParams({ email, password }).toString(),
  })
  expect(page.status).toBe(302)
  const setCookie = page.headers['set-cookie']?.find((c) => c.startsWith('__session='))
  expect(setCookie).toBeDefined()
  const cookie = (setCookie as string).split(';')[0] as string
  const api = await rawRequest(baseUrl, 'POST', '/api/login', {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(api.status).toBe(200)
  return { cookie, token: (JSON.parse(api.body) as { token: string }).token }
}

/** Runs tasks with at most `limit` in flight. */
export async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await task(item)
    }
  })
  await Promise.all(workers)
}

export function isJson(res: RawResponse): boolean {
  if (!/^application\/json/i.test(String(res.headers['content-type'] ?? ''))) return false
  try {
    JSON.parse(res.body)
    return true
  } catch {
    return false
  }
}
