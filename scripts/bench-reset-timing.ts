/**
 * `npm run bench:reset-timing`: does a password-reset request take as long for an address that has
 * an account as for one that has none? (issue 10, item 12). With `--flow register`, the same for a
 * registration with an invitation (each request with a fresh invitation). Against a fresh embedded PostgreSQL and
 * the production build's web server (no worker, so queued mail stays queued), it sends N requests
 * for a registered address and N for unknown ones, interleaved in a shuffled order after a warm-up,
 * and prints the means, medians, standard deviations, the difference of the means and Welch's t.
 * The rate-limit counters are cleared before each request (outside the timing), so every request
 * takes the full path. Options: --runs N (default 30 each), --smtp (queue delivery jobs, as with
 * SMTP_URL set; the default is the outbox-only mode), --path api|page (default api),
 * --flow reset|register (default reset), --control (both groups use unknown addresses: the noise
 * floor of this machine at this moment, to judge the real comparison by).
 */
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { hashPassword } from '#app/features/accounts/password.server.ts'
import { newSecret } from '#app/server/tokens.server.ts'
import { loadConfig } from '#app/server/config.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { createStorage } from '#app/server/storage.server.ts'
import { createDb } from '#db/client.ts'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seed } from '#db/seed.ts'
import { startBoss } from '#jobs/boss.ts'
import { startWeb } from '#server/web.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    smtp: { type: 'boolean', default: false },
    path: { type: 'string', default: 'api' },
    flow: { type: 'string', default: 'reset' },
    control: { type: 'boolean', default: false },
  },
})
const runs = Number(args.runs)

if (!existsSync(path.join(ROOT, process.env.BUILD_DIR ?? 'build', 'server/index.js'))) {
  process.stderr.write('No build found: run `npx react-router build` first.\n')
  process.exit(2)
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-bench-reset-'))
await chmod(dir, 0o755)
const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), database: 'bench' })
const db = createDb(pg.url, { max: 10 })
await migrateToLatest(db)
await seed(db)
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  // No worker runs here, so with --smtp the delivery jobs are queued and never sent.
  SMTP_URL: args.smtp ? 'smtp://127.0.0.1:9' : '',
})
const boss = await startBoss(pg.url, () => {})
const services = { db, databaseUrl: pg.url, boss, config, logger: createLogger('silent'), storage: createStorage(config.storage) }
const web = await startWeb(services)
const baseUrl = `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`
const known = 'bench-known@example.org'
await db.insertInto('users').values({ email: known, password_hash: await hashPassword('Bench!Passw0rd'), first_name: 'Known', last_name: 'User' }).execute()

const registerFlow = args.flow === 'register'
const pathOf = registerFlow ? (args.path === 'page' ? '/register' : '/api/register') : args.path === 'page' ? '/request-password-reset' : '/api/request-password-reset'

async function payload(email: string): Promise<Record<string, string>> {
  if (!registerFlow) return { email }
  const code = newSecret(12)
  await db.insertInto('invitations').values({ code, email: null, expires_at: new Date(Date.now() + 86_400_000) }).execute()
  return { email, password: 'Bench!Passw0rd-2', invitation_code: code, first_name: 'Bench', last_name: 'Mark' }
}

async function request(email: string): Promise<number> {
  await db.deleteFrom('rate_limits').execute()
  const fields = await payload(email)
  const target = registerFlow && args.path === 'page' ? `${baseUrl}${pathOf}?code=${fields.invitation_code}` : `${baseUrl}${pathOf}`
  const started = performance.now()
  const res =
    args.path === 'page'
      ? await fetch(target, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
          body: new URLSearchParams(fields),
        })
      : await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) })
  await res.arrayBuffer()
  const elapsed = performance.now() - started
  if (res.status !== 200 && res.status !== 201) throw new Error(`request for ${email} answered ${res.status}`)
  return elapsed
}

// Warm-up: connections, the JIT, the translations cache.
for (let i = 0; i < 10; i++) await request(i % 2 ? known : `warm-${i}@example.org`)

const order = [...Array(runs).fill('known'), ...Array(runs).fill('unknown')] as ('known' | 'unknown')[]
for (let i = order.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1))
  ;[order[i], order[j]] = [order[j], order[i]]
}
const times = { known: [] as number[], unknown: [] as number[] }
let n = 0
const knownAddress = () => (args.control ? `control-${n++}@example.org` : known)
for (const kind of order) times[kind].push(await request(kind === 'known' ? knownAddress() : `nobody-${n++}@example.org`))

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const trimmedMean = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b)
  const cut = Math.floor(s.length * 0.1)
  return mean(s.slice(cut, s.length - cut))
}
const variance = (v: number[]) => {
  const m = mean(v)
  return v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1)
}
const f = (x: number) => `${x.toFixed(3)} ms`
const sent = await db.selectFrom('email_outbox').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
const welch = (mean(times.known) - mean(times.unknown)) / Math.sqrt(variance(times.known) / runs + variance(times.unknown) / runs)
process.stdout.write(
  [
    `${registerFlow ? 'registration' : 'password-reset request'} timing, ${runs} + ${runs} requests (POST ${pathOf}, ${args.smtp ? 'SMTP mode: delivery jobs queued' : 'outbox-only mode'})`,
    `  ${args.control ? 'unknown (control): ' : 'registered address:'} mean ${f(mean(times.known))}, median ${f(median(times.known))}, 10 % trimmed mean ${f(trimmedMean(times.known))}, sd ${f(Math.sqrt(variance(times.known)))}`,
    `  ${registerFlow ? 'new address:       ' : 'unknown address:   '} mean ${f(mean(times.unknown))}, median ${f(median(times.unknown))}, 10 % trimmed mean ${f(trimmedMean(times.unknown))}, sd ${f(Math.sqrt(variance(times.unknown)))}`,
    `  difference of means (${args.control ? 'control' : 'registered'} − ${registerFlow ? 'new' : 'unknown'}): ${f(mean(times.known) - mean(times.unknown))}; Welch t = ${welch.toFixed(2)} (|t| > 2 ≈ p < 0.05)`,
    `  mails written to the outbox: ${sent.n} (the registered address's requests and warm-up${registerFlow ? ', on the new code' : ''})`,
    '',
  ].join('\n'),
)

await web.close()
await boss.stop({ graceful: false })
await db.destroy()
await pg.stop()
await rm(dir, { recursive: true, force: true })
