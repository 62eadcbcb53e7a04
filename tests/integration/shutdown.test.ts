import { spawn } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'
import { findFreePort } from '#db/embedded.ts'
import { testDatabaseUrl } from '#tests/helpers/database.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

it('stops on SIGTERM after finishing in-flight requests, and exits cleanly', async () => {
  const port = await findFreePort()
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const deadline = Date.now() + 30_000
  while (!output.includes('Marginalia is running at')) {
    if (Date.now() > deadline) throw new Error(`did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const health = await fetch(`http://127.0.0.1:${port}/healthz`)
  expect(health.status).toBe(200)

  const inFlight = fetch(`http://127.0.0.1:${port}/`)
  await new Promise((r) => setTimeout(r, 5))
  child.kill('SIGTERM')
  expect((await inFlight).status).toBe(200)
  expect(await exited).toBe(0)
  expect(output).toContain('"msg":"shutting down"')
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow()
}, 60_000)
