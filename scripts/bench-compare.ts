import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// `npm run bench:compare -- A.json B.json`: two builds' cost per page, side by side. Each of A and
// B is what `npm run bench:http -- --serve FILE` wrote in its own checkout (the two servers keep
// running there). Both servers are pinned to the same core and loaded at the same time by wrk on
// the other core, so both see the same machine: the ratio of their rates is the inverse ratio of
// their costs per request, steady where one server's rate alone moves by ±30 % between runs on a
// shared machine.
//
//   npm run bench:compare -- /tmp/base.json /tmp/new.json                 3 rounds of 8 s per page
//   npm run bench:compare -- A.json B.json --rounds 5 --duration 10 --only "signed in"

interface Served {
  pid: number
  cookie: string
  targets: { name: string; url: string; cookie?: string }[]
}

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? undefined : process.argv[index + 1]
}
const [fileA, fileB] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'))
if (!fileA || !fileB) {
  console.error('usage: npm run bench:compare -- A.json B.json [--rounds 3] [--duration 8] [--only "signed in|ceiling"]')
  process.exit(1)
}
const ROUNDS = Number(argument('rounds') ?? 3)
const DURATION_S = Number(argument('duration') ?? 8)
const ONLY = (argument('only') ?? 'signed in|ceiling').split('|')
const [a, b] = [fileA, fileB].map((file) => JSON.parse(readFileSync(file, 'utf8')) as Served)

const cores = os.cpus().length
if (cores < 2 || spawnSync('taskset', ['--version']).error) {
  console.error('bench:compare needs two cores and taskset (util-linux)')
  process.exit(1)
}
const serverCore = String(cores - 1)
for (const served of [a, b]) spawnSync('taskset', ['-a', '-cp', serverCore, String(served.pid)], { stdio: 'ignore' })

const WRK_SCRIPT = path.join(os.tmpdir(), `marginalia-compare-${process.pid}.lua`)
writeFileSync(
  WRK_SCRIPT,
  `local cookie = os.getenv("BENCH_COOKIE")
if cookie and cookie ~= "" then wrk.headers["Cookie"] = cookie end
done = function(summary) io.write(string.format("REQUESTS %d\\n", summary.requests)) end
`,
)

function load(url: string, cookie: string | undefined, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const wrk = spawn('taskset', ['-c', '0', 'wrk', '-t1', '-c10', `-d${seconds}s`, '-s', WRK_SCRIPT, url], { env: { ...process.env, BENCH_COOKIE: cookie ?? '' } })
    let out = ''
    wrk.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    wrk.on('error', reject)
    wrk.on('close', () => {
      const requests = /REQUESTS (\d+)/.exec(out)?.[1]
      if (requests === undefined) reject(new Error(`wrk printed no summary for ${url}`))
      else resolve(Number(requests))
    })
  })
}

console.log(`${path.basename(fileA)} (A) against ${path.basename(fileB)} (B): both servers on core ${serverCore}, wrk -t1 -c10 on core 0, ${ROUNDS} × ${DURATION_S} s`)
for (const target of a.targets) {
  if (!ONLY.some((part) => target.name.includes(part))) continue
  const other = b.targets.find((t) => t.name === target.name)
  if (!other) continue
  await Promise.all([load(target.url, target.cookie, 2), load(other.url, other.cookie, 2)])
  const ratios: string[] = []
  for (let round = 0; round < ROUNDS; round += 1) {
    const [ra, rb] = await Promise.all([load(target.url, target.cookie, DURATION_S), load(other.url, other.cookie, DURATION_S)])
    ratios.push(`${ra}/${rb} requests, B/A ${(rb / ra).toFixed(3)}`)
  }
  console.log(`${target.name.padEnd(46)} ${ratios.join(';  ')}`)
}
