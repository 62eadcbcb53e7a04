import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

// `npm test`: the whole suite. Builds the app, runs unit and integration tests (vitest, real
// PostgreSQL) and the end-to-end tests (Playwright in Debian's Chromium, JavaScript on and off),
// then checks every public page's JavaScript against its budget.

function run(title: string, command: string, args: string[]) {
  process.stdout.write(`\n── ${title}\n`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env })
  if (result.status !== 0) {
    process.stderr.write(`\n${title} failed (exit ${result.status ?? result.signal}).\n`)
    process.exit(result.status ?? 1)
  }
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(path)) return
  if (process.getuid?.() === 0) {
    run('installing Debian Chromium for the end-to-end tests', 'bash', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ])
    return
  }
  process.stderr.write(`Chromium is missing at ${path}: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.\n`)
  process.exit(1)
}

// The integration tests start the real server from the production build, so it comes first.
run('production build', 'npx', ['react-router', 'build'])
run('unit and integration tests', 'npx', ['vitest', 'run'])
ensureChromium()
run('end-to-end tests', 'npx', ['playwright', 'test'])
run('page weights within their JavaScript budgets', process.execPath, ['scripts/report-pages.ts'])
