import { spawn } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'
import { findFreePort } from '#db/embedded.ts'
import { testDatabaseUrl } from '#tests/helpers/database.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Runs `npm run <script>` as a user would (no NODE_ENV set) and returns the start-up log entry. */
async function startupEntry(script: string): Promise<Record<string, unknown>> {
  const port = await findFreePort()
  const { NODE_ENV: _ignored, ...env } = process.env
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: testDatabaseUrl(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  try {
    const deadline = Date.now() + 45_000
    for (;;) {
      const line = output.split('\n').find((l) => l.includes('"msg":"started"'))
      if (line) return JSON.parse(line) as Record<string, unknown>
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm run ${script} did not start:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
    await exited
  }
}

it.each(['web', 'worker'])('`npm run %s` runs in production mode with React’s production build', async (script) => {
  const entry = await startupEntry(script)
  expect(entry).toMatchObject({ mode: 'production', react: 'production' })
}, 90_000)
