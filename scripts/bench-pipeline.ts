/**
 * `npm run bench:pipeline`: the pipeline's bars (issue 5), on this machine, against a fresh
 * embedded PostgreSQL, the production build's web server and one in-process worker.
 *   1. upload request → raw_annotations_inserted for a 14-page annotated paper: p50 and p95 of 20 runs
 *   2. status change commit → event on an open SSE stream: p50, p95 and max of 200 changes
 *   3. 10 users uploading 10 PDFs each at once: every document completes, none lost or duplicated
 *   4. the batch files (synthesis .md/.docx, evidence matrix, ZIP) for ten 14-page papers: under 2 s (issue 15)
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, chmod } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { hashPassword } from '#app/features/accounts/password.server.ts'
import { transition } from '#app/features/documents/transitions.server.ts'
import { loadConfig } from '#app/server/config.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { createStorage } from '#app/server/storage.server.ts'
import { createDb, type Db } from '#db/client.ts'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seed } from '#db/seed.ts'
import { startBoss } from '#jobs/boss.ts'
import { closeExtractionWorkers } from '#jobs/pdf/index.ts'
import { startWorkers } from '#jobs/worker.ts'
import { startWeb } from '#server/web.ts'
import { benchBatchFiles, formatBatchBench, prepareBatch } from './bench-outputs.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const CORPUS = process.env.MARGINALIA_CORPUS ?? path.resolve(ROOT, '../shared/corpus')
const PAPER = 'zotero-pdf-worker-1.pdf'
const MIXED = ['pdfjs-issue7014.pdf', 'pdfminer-simple5.pdf', 'pdfplumber-issue-463-example.pdf', 'pdfannots-hotos17.pdf', 'pdfjs-highlight.pdf']

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const ms = (n: number) => `${n.toFixed(0)} ms`

if (!existsSync(path.join(ROOT, process.env.BUILD_DIR ?? 'build', 'server/index.js'))) {
  process.stderr.write('No build found: run `npm run build` first.\n')
  process.exit(2)
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-bench-'))
await chmod(dir, 0o755)
const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), database: 'bench' })
const db = createDb(pg.url, { max: 20 })
await migrateToLatest(db)
await seed(db)
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'production' })
const logger = createLogger('silent')
const boss = await startBoss(pg.url, () => {})
const services = { db, databaseUrl: pg.url, boss, config, logger, storage: createStorage(config.storage) }
const web = await startWeb(services)
await startWorkers(services)
const baseUrl = `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`
const style = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()

async function newUser(n: number): Promise<string> {
  const email = `bench-${n}-${Date.now()}@example.org`
  await db
    .insertInto('users')
    .values({ email, password_hash: await hashPassword('Bench!Passw0rd'), first_name: 'Bench', last_name: String(n) })
    .execute()
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Bench!Passw0rd' }),
  })
  return ((await res.json()) as { token: string }).token
}

async function upload(token: string, name: string, bytes: Buffer, batchId: string): Promise<string> {
  const form = new FormData()
  form.append('reference_style_id', String(style.id))
  form.append('batch_id', batchId)
  form.append('pdf_file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name)
  const res = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { document_id: string }).document_id
}

async function waitAll(database: Db, ids: string[], status: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await database.selectFrom('documents').select('upload_status').where('id', 'in', ids).execute()
    if (rows.filter((r) => r.upload_status === status).length === ids.length) return
    if (Date.now() > deadline) throw new Error(`not all ${status}: ${JSON.stringify(rows.map((r) => r.upload_status))}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

try {
  // 1. upload → ready for categorization, one document at a time
  const token = await newUser(0)
  const paper = await readFile(path.join(CORPUS, 'annotated', PAPER))
  const latencies: number[] = []
  for (let i = 0; i < 21; i++) {
    const started = performance.now()
    const id = await upload(token, `run-${i}.pdf`, paper, `bench-single-${i}-${Date.now()}`)
    await waitAll(db, [id], 'raw_annotations_inserted', 60_000)
    if (i > 0) latencies.push(performance.now() - started) // the first run warms the worker thread
  }
  process.stdout.write(
    `upload → raw_annotations_inserted (${PAPER}, 14 pages, ${latencies.length} runs, 1 worker): p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}\n`,
  )

  // 4. the batch files (reported here, before the long runs)
  const outputsBatch = await prepareBatch({ db, storage: services.storage, logger }, CORPUS)
  await benchBatchFiles(services, outputsBatch.userId, outputsBatch.batchId) // warm-up
  process.stdout.write(formatBatchBench(await benchBatchFiles(services, outputsBatch.userId, outputsBatch.batchId)))

  // 2. commit → SSE
  const userRow = await db.selectFrom('users').select('id').where('email', 'like', 'bench-0-%').executeTakeFirstOrThrow()
  const { createSession, commitSessionCookie } = await import('#app/server/session.server.ts')
  const cookie = (await commitSessionCookie(await createSession(db, { userId: userRow.id, kind: 'browser', ttlDays: 1 }), 1, false)).split(';')[0]
  const controller = new AbortController()
  const stream = await fetch(`${baseUrl}/extractor/events`, { headers: { Cookie: cookie }, signal: controller.signal })
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  const received = new Map<string, number>()
  void (async () => {
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const id = /^id: (\d+)/m.exec(buffer.slice(0, end))?.[1]
        if (id) received.set(id, performance.now())
        buffer = buffer.slice(end + 2)
      }
    }
  })()
  await new Promise((r) => setTimeout(r, 300))
  const { insertDocument } = await import('#tests/helpers/documents.ts')
  const sse: number[] = []
  for (let i = 0; i < 50; i++) {
    const document = await insertDocument(db, userRow.id)
    for (const to of ['processing_apa', 'apa_extracted', 'processing_colors', 'colors_extracted'] as const) {
      const change = await transition(db, document.id, to)
      const committed = performance.now()
      const deadline = committed + 2_000
      while (!received.has(String(change?.eventId)) && performance.now() < deadline) await new Promise((r) => setImmediate(r))
      sse.push(Math.max(0, (received.get(String(change?.eventId)) ?? deadline) - committed))
    }
  }
  controller.abort()
  process.stdout.write(`commit → SSE event (${sse.length} changes): p50 ${sse.length ? percentile(sse, 50).toFixed(1) : '-'} ms, p95 ${percentile(sse, 95).toFixed(1)} ms, max ${Math.max(...sse).toFixed(1)} ms\n`)

  // 3. 10 users × 10 PDFs at once
  const started = performance.now()
  const tokens = await Promise.all(Array.from({ length: 10 }, (_, i) => newUser(i + 1)))
  const uploads = await Promise.all(
    tokens.map(async (t, u) => {
      const batchId = `bench-load-${u}-${Date.now()}`
      return Promise.all(
        Array.from({ length: 10 }, async (_, f) => {
          const name = MIXED[f % MIXED.length]
          return upload(t, `${f}-${name}`, await readFile(path.join(CORPUS, 'annotated', name)), batchId)
        }),
      ).then((ids) => ({ token: t, batchId, ids }))
    }),
  )
  const ids = uploads.flatMap((u) => u.ids)
  await waitAll(db, ids, 'raw_annotations_inserted', 600_000)
  const categories = await db.selectFrom('color_categories').select(['id']).orderBy('sort_order').execute()
  for (const { token: t, ids: batchIds } of uploads) {
    for (const id of batchIds) {
      const detail = (await (await fetch(`${baseUrl}/api/documents/${id}`, { headers: { Authorization: `Bearer ${t}` } })).json()) as { extractedColorsJson: string[] }
      const res = await fetch(`${baseUrl}/api/submit-extraction`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          document_id: id,
          selected_categorizations: detail.extractedColorsJson.map((hex, i) => ({ hex, category_id: categories[i % categories.length].id })),
        }),
      })
      if (res.status !== 200) throw new Error(`submit ${id}: ${res.status} ${await res.text()}`)
    }
  }
  await waitAll(db, ids, 'completed', 600_000)
  const seconds = (performance.now() - started) / 1000
  const documents = await db.selectFrom('documents').select(db.fn.countAll<number>().as('n')).where('id', 'in', ids).executeTakeFirstOrThrow()
  const completions = await db
    .selectFrom('document_status_history')
    .select(['document_id', db.fn.countAll<number>().as('n')])
    .where('document_id', 'in', ids)
    .where('to_status', '=', 'completed')
    .groupBy('document_id')
    .execute()
  const duplicated = completions.filter((c) => Number(c.n) !== 1).length
  const annotationDuplicates = await db
    .selectFrom('annotations')
    .select(['document_id', 'position', db.fn.countAll<number>().as('n')])
    .where('document_id', 'in', ids)
    .groupBy(['document_id', 'position'])
    .having(db.fn.countAll(), '>', 1)
    .execute()
  process.stdout.write(
    `10 users × 10 PDFs at once: ${Number(documents.n)}/100 documents, ${completions.length} completed once each, ${duplicated} completed twice, ${annotationDuplicates.length} duplicated annotations, ${seconds.toFixed(1)} s in all\n`,
  )
} finally {
  await web.close()
  await boss.stop({ graceful: false })
  await closeExtractionWorkers()
  await db.destroy()
  await pg.stop()
  await rm(dir, { recursive: true, force: true })
}
