import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { isReadyForCategorization, isSettled } from '#app/lib/document-status.ts'
import { commitSessionCookie, createSession } from '#app/server/session.server.ts'
import { createDb, type Db } from '#db/client.ts'
import { findFreePort } from '#db/embedded.ts'
import { corpusFile } from '#tests/helpers/corpus.ts'
import { createDatabase, createTestCluster, type TestCluster } from '#tests/helpers/postgres-cluster.ts'
import { createUser } from '#tests/helpers/users.ts'

/**
 * A database outage, for real: the whole product (`node server/index.ts`, web and workers in one
 * process, the production build) against a PostgreSQL cluster this test stops and starts while
 * uploads are being extracted and a status stream is open.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const RESTARTS = Number(process.env.RESILIENCE_DB_RESTARTS ?? 5)
const PDFS = ['pdfjs-highlight.pdf', 'pdfannots-caret.pdf', 'pypdf-commented.pdf', 'pdfjs-highlight_popup.pdf', 'pdfannots-issue61.pdf', 'pdfjs-quadpoints.pdf']

let cluster: TestCluster
let db: Db
let child: ChildProcess
let baseUrl = ''
let output = ''
let dataDir = ''

beforeAll(async () => {
  cluster = await createTestCluster()
  const url = await createDatabase(cluster, 'marginalia')
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-restart-'))
  const port = await findFreePort()
  baseUrl = `http://127.0.0.1:${port}`
  child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + 60_000
  while (!output.includes('Marginalia is running at')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  db = createDb(url, { max: 3 })
})

afterAll(async () => {
  child?.kill('SIGKILL')
  await db?.destroy().catch(() => {})
  await cluster?.destroy()
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Every Server-Sent Event of one stream, collected in the background with its arrival time. */
function collectEvents(body: ReadableStream<Uint8Array>) {
  const events: { at: number; id: number; documentId: string; status: string }[] = []
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const finished = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const id = /^id: (\d+)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (id && data) {
          const parsed = JSON.parse(data) as { document_id: string; uploadStatus: string }
          events.push({ at: Date.now(), id: Number(id), documentId: parsed.document_id, status: parsed.uploadStatus })
        }
      }
    }
  })()
  return { events, finished }
}

async function upload(token: string, name: string): Promise<string> {
  const form = new FormData()
  const style = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
  form.append('reference_style_id', String(style.id))
  form.append('pdf_file', new Blob([new Uint8Array(await corpusFile(name))], { type: 'application/pdf' }), name)
  const res = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
  const body = (await res.json()) as { document_id?: string; message?: string }
  if (res.status !== 201 || !body.document_id) throw new Error(`upload ${res.status}: ${JSON.stringify(body)}`)
  return body.document_id
}

/** Polls until `check` holds, returning the seconds it took. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now()
  for (;;) {
    if (await check().catch(() => false)) return (Date.now() - started) / 1000
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms\n${output.slice(-3000)}`)
    await sleep(100)
  }
}

it(`survives ${RESTARTS} database restarts with uploads in flight and an open status stream`, async () => {
  const user = await createUser(db)
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  const { token } = (await login.json()) as { token: string }
  const cookie = (await commitSessionCookie(await createSession(db, { userId: user.id, kind: 'browser', ttlDays: 1 }), 1, false)).split(';')[0]
  // Three open status streams (three tabs); every one must hear about work after each restart.
  const controller = new AbortController()
  const streams = await Promise.all(
    [1, 2, 3].map(async () => {
      const res = await fetch(`${baseUrl}/extractor/events`, { headers: { Cookie: cookie }, signal: controller.signal })
      expect(res.status).toBe(200)
      return collectEvents(res.body as ReadableStream<Uint8Array>).events
    }),
  )

  // Throughout, a visitor keeps asking for pages and the API: every answer is 200 or 503, never
  // another 5xx, even for requests caught in the moment the database goes.
  const statuses = new Map<number, number>()
  const polling = { on: true }
  const poller = (async () => {
    while (polling.on) {
      for (const [url, headers] of [
        [`${baseUrl}/`, {}],
        [`${baseUrl}/extractor`, { Cookie: cookie }],
        [`${baseUrl}/api/documents`, { Authorization: `Bearer ${token}` }],
      ] as const) {
        const status = await fetch(url, { headers }).then(
          async (res) => (await res.arrayBuffer(), res.status),
          () => 0,
        )
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
      await sleep(20)
    }
  })()

  // A long extraction (a whole book) is sure to be mid-step when the database first goes.
  const documentIds: string[] = [await upload(token, 'pymupdf-mupdf_explored.pdf')]
  const recoveries: { pages: number; health: number; stream: number }[] = []
  for (let round = 0; round < RESTARTS; round++) {
    // Work in flight when the database goes: fresh uploads, their extractions just starting.
    documentIds.push(await upload(token, PDFS[round % PDFS.length]), await upload(token, PDFS[(round + 1) % PDFS.length]))
    await sleep(150 + 100 * round)
    await cluster.stop('fast')

    // During the outage: friendly 503 pages, 503 health, 503 JSON for the API; the process lives.
    await until(async () => (await fetch(`${baseUrl}/healthz`)).status === 503, 10_000, 'healthz 503')
    const page = await fetch(`${baseUrl}/`, { headers: { Cookie: 'preferred_language=ImRlIg%3D%3D' } })
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('5')
    const html = await page.text()
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('Marginalia ist kurz nicht erreichbar')
    const english = await fetch(`${baseUrl}/dashboard`)
    expect(english.status).toBe(503)
    expect(await english.text()).toContain('Marginalia is briefly unavailable')
    const api = await fetch(`${baseUrl}/api/documents`, { headers: { Authorization: `Bearer ${token}` } })
    expect(api.status).toBe(503)
    expect(((await api.json()) as { message: string }).message).toMatch(/unavailable/)
    await sleep(500)
    expect(child.exitCode).toBeNull()

    await cluster.start()
    const back = Date.now()
    const pages = await until(async () => (await fetch(`${baseUrl}/`)).status === 200, 15_000, 'page 200 after restart')
    const health = await until(async () => (await fetch(`${baseUrl}/healthz`)).status === 200, 15_000, 'healthz 200 after restart')
    // The open stream hears about work after the restart: a new upload's first change.
    const after = await upload(token, PDFS[(round + 3) % PDFS.length])
    documentIds.push(after)
    const heard = await until(
      async () => streams.every((list) => list.some((e) => e.documentId === after && e.at >= back)),
      30_000,
      'every stream hears an event after the restart',
    )
    recoveries.push({ pages, health, stream: heard })
  }

  // Every document reaches an end of its extraction: ready for categorization, or a final status.
  const settle = Date.now()
  await until(
    async () => {
      const rows = await db.selectFrom('documents').select('upload_status').where('id', 'in', documentIds).execute()
      return rows.length === documentIds.length && rows.every((r) => isReadyForCategorization(r.upload_status) || isSettled(r.upload_status))
    },
    90_000,
    'every document final',
  )
  const settleSeconds = (Date.now() - settle) / 1000
  const rows = await db.selectFrom('documents').select(['id', 'upload_status', 'status_message']).where('id', 'in', documentIds).execute()
  for (const row of rows) if (row.upload_status === 'failed') expect(row.status_message).toBeTruthy()
  // The stream saw each document's last status, as the database has it.
  await until(
    async () => streams.every((list) => rows.every((r) => list.some((e) => e.documentId === r.id && e.status === r.upload_status))),
    10_000,
    'every stream saw every final status',
  )
  polling.on = false
  await poller
  expect([...statuses.keys()].sort()).toEqual([200, 503])
  expect(child.exitCode).toBeNull()
  expect(output).not.toMatch(/uncaught exception/)
  controller.abort()

  const retried = await db
    .selectFrom('document_status_history')
    .select('document_id')
    .where('document_id', 'in', documentIds)
    .where('to_status', '=', 'processing_apa')
    .groupBy('document_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute()
  const byStatus = Object.fromEntries([...new Set(rows.map((r) => r.upload_status))].map((s) => [s, rows.filter((r) => r.upload_status === s).length]))
  const worst = (key: 'pages' | 'health' | 'stream') => Math.max(...recoveries.map((r) => r[key])).toFixed(1)
  console.log(
    `database restarts: ${RESTARTS}; documents: ${rows.length} (${JSON.stringify(byStatus)}); open streams: ${streams.length}, events each: ${streams.map((list) => list.length).join('/')}; ` +
      `documents whose extraction was interrupted and retried: ${retried.length}; ` +
      `page and API answers while restarting: ${JSON.stringify(Object.fromEntries(statuses))}; ` +
      `recovery after restart, worst: pages ${worst('pages')} s, healthz ${worst('health')} s, stream ${worst('stream')} s; ` +
      `all documents final ${settleSeconds.toFixed(1)} s after the last restart`,
  )
})
