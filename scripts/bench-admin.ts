import { sql } from 'kysely'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { getDetailedAnalytics, getOverviewStats, listAuditLogs, listUsers } from '#app/features/admin/queries.server.ts'
import { loadConfig } from '#app/server/config.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { commitSessionCookie, createSession } from '#app/server/session.server.ts'
import { createStorage } from '#app/server/storage.server.ts'
import { createDb } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seed } from '#db/seed.ts'
import { startBoss } from '#jobs/boss.ts'
import { startWeb } from '#server/web.ts'
import { benchDatabase, seedLarge } from './seed-large.ts'

// `npm run bench:admin`: the admin pages against 10,000 users, 100,000 documents and 200,000
// audit entries (seeded by seed:large when missing). The production build is served in this
// process; each page is requested sequentially after a warm-up and its latency percentiles are
// printed, then each heavy query timed alone; --plans prints their EXPLAIN ANALYZE. Budget: p95 < 100 ms.
//
//   npm run bench:admin                    200 requests per page
//   npm run bench:admin -- --requests 500
//   npm run bench:admin -- --concurrency 4  requests in flight at once (default 1)
//   npm run bench:admin -- --plans          also the query plans

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? undefined : process.argv[index + 1]
}
const REQUESTS = Number(argument('requests') ?? 200)
const CONCURRENCY = Number(argument('concurrency') ?? 1)
const BUDGET_MS = 100

const database = await benchDatabase()
const db = createDb(database.url, { max: 10, applicationName: 'marginalia-bench-admin' })
await migrateToLatest(db)
await seed(db)
await seedLarge(db)

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-bench-admin-'))
const config = loadConfig({ ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', MAX_CONCURRENT_REQUESTS: '1000' })
const boss = await startBoss(database.url, () => {})
const web = await startWeb({ db, databaseUrl: database.url, boss, config, logger: createLogger(config.logLevel), storage: createStorage(config.storage) })
const base = `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`

const admin = await db
  .insertInto('users')
  .values({ email: 'bench-admin@example.org', password_hash: 'not-used', first_name: 'Bench', last_name: 'Admin', is_admin: true })
  .onConflict((oc) => oc.column('email').doUpdateSet({ is_admin: true, is_active: true }))
  .returning('id')
  .executeTakeFirstOrThrow()
const cookie = (await commitSessionCookie(await createSession(db, { userId: admin.id, kind: 'browser', ttlDays: 1 }), 1, false)).split(';')[0]

const counts = await sql<Record<string, number>>`
  SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM documents) AS documents,
         (SELECT count(*) FROM audit_logs) AS audit_logs, (SELECT count(*) FROM annotations) AS annotations`.execute(db)
console.log('data:', counts.rows[0])

const TARGETS = [
  '/admin',
  '/admin/users',
  '/admin/users?search=lovelace',
  '/admin/users?search=bench-user-&status=inactive&sort_by=email&sort_order=asc&page=3',
  '/admin/analytics?range=7d',
  '/admin/analytics?range=30d',
  '/admin/analytics?range=90d',
  '/admin/analytics?range=1y',
  '/admin/audit-logs',
  '/admin/audit-logs?action=user_updated&resource_type=user',
  '/admin/audit-logs?page=2000',
]

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function timeOne(url: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(base + url, { headers: { Cookie: cookie } })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
  return performance.now() - started
}

const results: { url: string; p50: number; p95: number; p99: number; max: number }[] = []
for (const url of TARGETS) {
  for (let i = 0; i < 5; i++) await timeOne(url)
  const times: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++
        times.push(await timeOne(url))
      }
    }),
  )
  times.sort((a, b) => a - b)
  const row = { url, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1)! }
  results.push(row)
  console.log(`${url.padEnd(90)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms  p99 ${row.p99.toFixed(1).padStart(6)} ms  max ${row.max.toFixed(1).padStart(6)} ms${row.p95 < BUDGET_MS ? '' : '  OVER BUDGET'}`)
}

const timed = async (label: string, run: () => Promise<unknown>) => {
  const started = performance.now()
  await run()
  console.log(`${label.padEnd(40)} ${(performance.now() - started).toFixed(1)} ms`)
}
console.log('\nqueries alone (one run each, warm):')
await timed('overview stats', () => getOverviewStats(db))
for (const range of ['7d', '30d', '90d', '1y'] as const) await timed(`detailed analytics ${range}`, () => getDetailedAnalytics(db, range))
await timed('users search "lovelace"', () => listUsers(db, { search: 'lovelace', status: 'all', sortBy: 'created_at', sortOrder: 'desc', page: 1 }))
await timed('audit page 1', () => listAuditLogs(db, { action: '', resourceType: '', page: 1 }))
await timed('audit filtered', () => listAuditLogs(db, { action: 'user_updated', resourceType: 'user', page: 1 }))

if (process.argv.includes('--plans')) {
  const plan = async (label: string, query: ReturnType<typeof sql>) => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`.execute(db)
    console.log(`\n--- ${label}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`)
  }
  const yearAgo = new Date(Date.now() - 365 * 86_400_000)
  await plan('documents figures over 2 years (analytics 1y)', sql`SELECT count(*) FILTER (WHERE created_at >= ${yearAgo}), avg(extract(epoch FROM completed_at - created_at)) FILTER (WHERE upload_status = 'completed') FROM documents WHERE created_at >= ${new Date(Date.now() - 730 * 86_400_000)}`)
  await plan('overview annotations', sql`SELECT count(*), count(*) FILTER (WHERE c.name = 'Reference') FROM annotations an LEFT JOIN color_categories c ON c.id = an.category_id`)
  await plan('users search', sql`SELECT count(*) FROM users WHERE lower(email::text || ' ' || first_name || ' ' || last_name) LIKE '%lovelace%'`)
  await plan('audit page 1', sql`SELECT a.id FROM audit_logs a LEFT JOIN users u ON u.id = a.admin_user_id ORDER BY a.created_at DESC, a.id DESC LIMIT 50`)
  await plan('audit count filtered', sql`SELECT count(*) FROM audit_logs WHERE action = 'user_updated' AND resource_type = 'user'`)
}

await web.close()
await boss.stop({ graceful: false })
await db.destroy()
await database.stop()
await rm(dataDir, { recursive: true, force: true })
const over = results.filter((r) => r.p95 >= BUDGET_MS)
console.log(over.length ? `\n${over.length} page(s) over the ${BUDGET_MS} ms p95 budget` : `\nevery page within the ${BUDGET_MS} ms p95 budget`)
process.exit(over.length ? 1 : 0)
