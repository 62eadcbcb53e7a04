import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hashPassword } from '#app/features/accounts/password.server.ts'
import { commitSessionCookie, createSession } from '#app/server/session.server.ts'
import { createDb, type Db } from '#db/client.ts'
import { embeddedUrl, findFreePort } from '#db/embedded.ts'

// `npm run bench:http`: a production build (as `npm start` serves it, plus the bare ceiling page)
// on a fresh embedded database, loaded with wrk (Debian's package) from this machine's loopback:
//   - anonymous `/`, `/support`, `/login` (served from the page cache) and a CSS asset,
//   - a signed-in `/`, `/past-extractions` and `/dashboard` with 200 documents (rendered for every request),
//   - the ceiling: a bare page with no loader, rendered by the same stack (routes/bench-ceiling.tsx),
//   - `/healthz` (one SQL query),
// each at 10 and 100 connections, printing requests/s, p50/p95/p99, the slowest request, errors,
// the database's CPU time per request and the server's RSS before and after, then each rendered
// page's cost against the ceiling's.
// The build goes to `$BUILD_DIR-bench` (default `build-bench`), built with BENCH_CEILING_PAGE=1, so
// that no production build ever has the ceiling page.
//
//   npm run bench:http                       10 s per run
//   npm run bench:http -- --duration 30      seconds per run
//   npm run bench:http -- --soak 300         also a 300 s run on the signed-in `/` (RSS after 1 min vs at the end)
//   npm run bench:http -- --profile DIR      the server writes a CPU profile (.cpuprofile) into DIR
//   npm run bench:http -- --only "signed in" only the runs whose name contains the text ("a|b": either)
//   npm run bench:http -- --port 3250        the server's port (default: a free one); its data goes to .data/e2e-<port>
//   npm run bench:http -- --no-build         reuse the last bench build
//   WEB_PROCESSES=2 npm run bench:http       the server as `WEB_PROCESSES=2 npm start` runs it
//   npm run bench:http -- --serve FILE       no load: set up as above, write the pages' addresses and the
//                                            cookie to FILE (JSON), and serve until interrupted (to load
//                                            or profile it by hand, or two builds side by side)

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? undefined : process.argv[index + 1]
}
const DURATION_S = Number(argument('duration') ?? 10)
const SOAK_S = argument('soak') === undefined ? 0 : Number(argument('soak'))
const PROFILE_DIR = argument('profile')
const SERVE_FILE = argument('serve')
const ONLY = argument('only')?.split('|')
const selected = (name: string) => !ONLY || ONLY.some((part) => name.includes(part))
const BUILD_DIR = `${process.env.BUILD_DIR ?? 'build'}-bench`
const CEILING = 'ceiling (bare page)'

if (spawnSync('wrk', ['--version']).error) {
  console.error('bench:http needs wrk: apt-get install -y wrk')
  process.exit(1)
}

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('react-router', ['build'], { env: { ...process.env, BUILD_DIR, BENCH_CEILING_PAGE: '1' }, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// wrk prints its own summary; this script reads one JSON line that the Lua hook adds.
const WRK_SCRIPT = path.join(os.tmpdir(), `marginalia-bench-${process.pid}.lua`)
writeFileSync(
  WRK_SCRIPT,
  `local cookie = os.getenv("BENCH_COOKIE")
if cookie and cookie ~= "" then wrk.headers["Cookie"] = cookie end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH {"requests":%d,"seconds":%f,"p50":%f,"p95":%f,"p99":%f,"max":%f,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(95) / 1e3,
    latency:percentile(99) / 1e3, latency.max / 1e3, e.connect + e.read + e.write + e.timeout, e.status))
end
`,
)

interface Result {
  requests: number
  seconds: number
  p50: number
  p95: number
  p99: number
  max: number
  errors: number
  non2xx: number
}

function runWrk(url: string, connections: number, seconds: number, cookie = ''): Result {
  const wrk = spawnSync('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', WRK_SCRIPT, url], {
    env: { ...process.env, BENCH_COOKIE: cookie },
    encoding: 'utf8',
  })
  const line = wrk.stdout.split('\n').find((l) => l.startsWith('BENCH '))
  if (!line) throw new Error(`wrk printed no summary: ${wrk.stdout}${wrk.stderr}`)
  return JSON.parse(line.slice('BENCH '.length)) as Result
}

/**
 * CPU time (user + system) the embedded PostgreSQL's processes have used so far: the postmaster
 * (its pid heads postmaster.pid) and every process it started, running or ended. Sampled around a run, it gives the
 * database's share of a request, which the server's own figures do not show.
 */
function databaseCpuMs(port: number): number {
  const postmaster = Number(readFileSync(path.resolve(`.data/e2e-${port}/postgres/postmaster.pid`), 'utf8').split('\n')[0])
  const ticksPerMs = 100 / 1000 // USER_HZ is 100 on Linux
  let ticks = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // the process ended meanwhile
    }
    // Fields after the command's closing parenthesis: state, ppid, …; utime, stime, cutime and
    // cstime are the 14th to 17th overall.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // The postmaster's cutime and cstime hold what its ended children used, so a backend that
    // ends during a run still counts.
    if (Number(entry) === postmaster) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
    else if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks / ticksPerMs
}

/** The server's resident memory: its own and, with WEB_PROCESSES above 1, its web processes' (not the database's). */
function rssMb(pid: number): number {
  let kb = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let status: string
    let commandLine: string
    try {
      status = readFileSync(`/proc/${entry}/status`, 'utf8')
      commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
    } catch {
      continue // the process ended meanwhile
    }
    const own = Number(entry) === pid
    const webProcess = /^PPid:\s+(\d+)$/m.exec(status)?.[1] === String(pid) && commandLine.includes('--role=web')
    if (own || webProcess) kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  }
  return kb / 1024
}

async function startServer(port: number): Promise<ChildProcess> {
  const args = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : []
  const server = spawn(process.execPath, [...args, 'scripts/e2e-server.ts'], {
    env: { ...process.env, BUILD_DIR, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`)
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return server
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  server.kill('SIGTERM')
  throw new Error('the server did not become healthy within 120 s')
}

/** A researcher with 200 finished documents, signed in: the session cookie. */
async function signedInResearcher(db: Db): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({ email: 'bench@example.org', password_hash: await hashPassword('Bench!Passw0rd'), first_name: 'Bench', last_name: 'Mark' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const style = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
  for (let batch = 0; batch < 20; batch += 1) {
    const batchId = `bench-${batch}`
    // Finished batches: categorized (submitted) and every document completed.
    await db.insertInto('batches').values({ id: batchId, user_id: user.id, reference_style_id: style.id, submitted_at: new Date() }).execute()
    await db
      .insertInto('documents')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          user_id: user.id,
          batch_id: batchId,
          reference_style_id: style.id,
          original_filename: `paper-${batch}-${i}.pdf`,
          size_bytes: 1_000_000,
          upload_status: 'completed',
          citation: `Author, A. (2024). Paper ${batch}-${i}. Journal of Benchmarks, 1(2), 3–4.`,
          completed_at: new Date(),
        })),
      )
      .execute()
  }
  const secret = await createSession(db, { userId: user.id, kind: 'browser', ttlDays: 1 })
  return (await commitSessionCookie(secret, 1, false)).split(';')[0]
}

/** A free port whose mail-capture ports (port + 10,000 and + 11,000, tests/e2e/mail.ts) are valid too. */
async function benchPort(): Promise<number> {
  if (argument('port')) return Number(argument('port'))
  for (;;) {
    const port = await findFreePort()
    if (port + 11_000 <= 65_535) return port
  }
}

const port = await benchPort()
const base = `http://127.0.0.1:${port}`
const server = await startServer(port)
const db = createDb(await embeddedUrl(path.resolve(`.data/e2e-${port}/postgres`), 'marginalia'), { max: 2 })
try {
  const cookie = await signedInResearcher(db)
  const home = await (await fetch(`${base}/`)).text()
  const css = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1]
  const targets: { name: string; url: string; cookie?: string }[] = [
    { name: '/healthz', url: `${base}/healthz` },
    ...(css ? [{ name: 'CSS asset', url: base + css }] : []),
    { name: '/ (anonymous)', url: `${base}/` },
    { name: '/support (anonymous)', url: `${base}/support` },
    { name: '/login (anonymous)', url: `${base}/login` },
    { name: '/ (signed in)', url: `${base}/`, cookie },
    { name: '/past-extractions (signed in, 200 documents)', url: `${base}/past-extractions`, cookie },
    { name: '/dashboard (signed in, 200 documents)', url: `${base}/dashboard`, cookie },
    { name: CEILING, url: `${base}/__bench/ceiling` },
  ]
  if (SERVE_FILE) await serveUntilInterrupted(SERVE_FILE, { pid: server.pid, cookie, targets })
  else await measure(targets, cookie)
} finally {
  await db.destroy()
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}

async function serveUntilInterrupted(file: string, setup: object) {
  writeFileSync(file, JSON.stringify(setup, null, 2))
  console.log(`serving at ${base}; the pages' addresses and the cookie are in ${file}; Ctrl-C to stop`)
  await new Promise((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
}

async function measure(targets: { name: string; url: string; cookie?: string }[], cookie: string) {
  for (const target of targets) {
    if (!selected(target.name)) continue
    const check = await fetch(target.url, { headers: target.cookie ? { Cookie: target.cookie } : {}, redirect: 'manual' })
    if (check.status !== 200) throw new Error(`${target.name} answered ${check.status}`)
    await check.arrayBuffer()
  }
  const rows = [['path', 'conns', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'non-2xx', 'db CPU ms/req', 'RSS MB before → after']]
  const rates = new Map<string, number>()
  for (const target of targets) {
    if (!selected(target.name)) continue
    // Warm-up: the measured runs see code the JIT has already compiled for this page.
    runWrk(target.url, 10, 2, target.cookie)
    for (const connections of [10, 100]) {
      const before = rssMb(server.pid ?? 0)
      const dbBefore = databaseCpuMs(port)
      const r = runWrk(target.url, connections, DURATION_S, target.cookie)
      const dbAfter = databaseCpuMs(port)
      const after = rssMb(server.pid ?? 0)
      rates.set(`${target.name}|${connections}`, r.requests / r.seconds)
      rows.push([
        target.name,
        String(connections),
        (r.requests / r.seconds).toFixed(0),
        r.p50.toFixed(1),
        r.p95.toFixed(1),
        r.p99.toFixed(1),
        r.max.toFixed(0),
        String(r.errors),
        String(r.non2xx),
        ((dbAfter - dbBefore) / r.requests).toFixed(3),
        `${before.toFixed(0)} → ${after.toFixed(0)}`,
      ])
    }
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '))
  console.log(`\n${DURATION_S} s per run, wrk -t2, loopback; ${process.env.WEB_PROCESSES ?? 1} web process(es); ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)

  // A page's cost per request against the ceiling's: the ceiling's rate over the page's (1.0 = as cheap as a bare page).
  for (const connections of [10, 100]) {
    const ceiling = rates.get(`${CEILING}|${connections}`)
    if (!ceiling) continue
    for (const name of ['/ (signed in)', '/past-extractions (signed in, 200 documents)']) {
      const rate = rates.get(`${name}|${connections}`)
      if (rate) console.log(`cost of ${name} at ${connections} connections: ${(ceiling / rate).toFixed(2)}× the ceiling's (${rate.toFixed(0)} vs ${ceiling.toFixed(0)} req/s)`)
    }
  }

  if (SOAK_S > 0) {
    const firstMinute = runWrk(`${base}/`, 100, Math.min(60, SOAK_S), cookie)
    const rssAfterMinute = rssMb(server.pid ?? 0)
    const rest = SOAK_S > 60 ? runWrk(`${base}/`, 100, SOAK_S - 60, cookie) : firstMinute
    const rssAtEnd = rssMb(server.pid ?? 0)
    console.log(
      `\nsoak: signed-in / at 100 connections for ${SOAK_S} s: RSS ${rssAfterMinute.toFixed(0)} MB after the first minute, ` +
        `${rssAtEnd.toFixed(0)} MB at the end (${(((rssAtEnd - rssAfterMinute) / rssAfterMinute) * 100).toFixed(1)} %); ` +
        `slowest ${Math.max(firstMinute.max, rest.max).toFixed(0)} ms, errors ${firstMinute.errors + rest.errors}`,
    )
  }
}
