import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findFreePort } from '#db/embedded.ts'
import { testDatabaseUrl, useTestDb } from '#tests/helpers/database.ts'
import { startSmtpCapture } from '#tests/helpers/smtp.ts'
import { createUser } from '#tests/helpers/users.ts'

// Item 12 of issue 10: no live reset link in the log, and the outbox keeps a mail's text only until
// it is sent. The real server runs as its own process (web and workers, as `npm start` does), so
// the test reads exactly what it writes to stdout and stderr.
const ROOT = path.resolve(import.meta.dirname, '../..')
const db = useTestDb()
const smtp = await startSmtpCapture()
afterAll(() => smtp.close())

async function startServerProcess(env: Record<string, string>) {
  const port = await findFreePort()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-mail-'))
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: testDatabaseUrl(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const server = { baseUrl: `http://127.0.0.1:${port}`, output: '' }
  child.stdout.on('data', (chunk: Buffer) => (server.output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (server.output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  }
  const deadline = Date.now() + 60_000
  while (!server.output.includes('"msg":"started"')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop()
      throw new Error(`the server did not start:\n${server.output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { ...server, get output() { return server.output }, stop }
}

async function requestReset(baseUrl: string, email: string) {
  const res = await fetch(`${baseUrl}/api/request-password-reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) })
  expect(res.status).toBe(200)
}

/** What the log may say about a mail: its kind and a masked address, never the text, the link or the address itself. */
function expectNoSecrets(log: string, secrets: string[]) {
  for (const secret of secrets) expect(log).not.toContain(secret)
  expect(log).not.toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}/)
}

describe('mail: no link in the log, no text kept after sending', () => {
  it('with SMTP: the mail is delivered, its outbox text is cleared, and the log names only its kind', async () => {
    const server = await startServerProcess({ SMTP_URL: smtp.url })
    try {
      const user = await createUser(db, { email: `grace-${Date.now()}@example.org` })
      await requestReset(server.baseUrl, user.email)
      const mail = await smtp.waitForMail(user.email)
      const link = /https?:\/\/\S+\/reset-password\/(\S+)/.exec(mail.text)
      expect(link).not.toBeNull()
      const token = link?.[1] ?? ''

      // Once sent, the row keeps its envelope and loses its text.
      const deadline = Date.now() + 15_000
      let row = await db.selectFrom('email_outbox').selectAll().where('to_address', '=', user.email).executeTakeFirstOrThrow()
      while (!row.sent_at && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        row = await db.selectFrom('email_outbox').selectAll().where('to_address', '=', user.email).executeTakeFirstOrThrow()
      }
      expect(row.sent_at).not.toBeNull()
      expect(row.subject).toBe('Reset your Marginalia password')
      expect(row.body_text).toBe('')
      expect(await db.selectFrom('email_outbox').select('id').where('body_text', 'like', `%${token}%`).execute()).toEqual([])

      // The link still works (only the mail had it).
      const page = await fetch(`${server.baseUrl}/reset-password/${token}`)
      expect(await page.text()).toContain('Choose a new password')

      const queued = server.output.split('\n').filter((line) => line.includes('mail queued'))
      expect(queued).toHaveLength(1)
      expect(JSON.parse(queued[0])).toMatchObject({ kind: 'password-reset', to: expect.stringMatching(/^g\*\*\*@example\.org #[0-9a-f]{8}$/) })
      expectNoSecrets(server.output, [token, user.email, mail.text.split('\n')[0]])
    } finally {
      await server.stop()
    }
  })

  it('without SMTP: the mail waits in the outbox (text included, until sent) and the log shows no link', async () => {
    const server = await startServerProcess({ SMTP_URL: '' })
    try {
      const user = await createUser(db, { email: `ada-${Date.now()}@example.org` })
      await requestReset(server.baseUrl, user.email)
      // The request queues a job; the server's worker writes the mail.
      const deadline = Date.now() + 15_000
      let row = await db.selectFrom('email_outbox').selectAll().where('to_address', '=', user.email).executeTakeFirst()
      while (!row && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        row = await db.selectFrom('email_outbox').selectAll().where('to_address', '=', user.email).executeTakeFirst()
      }
      if (!row) throw new Error('no mail in the outbox')
      expect(row.sent_at).toBeNull()
      const token = /\/reset-password\/(\S+)/.exec(row.body_text)?.[1] ?? ''
      expect(token).not.toBe('')
      const logDeadline = Date.now() + 5_000
      while (!server.output.includes('mail queued') && Date.now() < logDeadline) await new Promise((resolve) => setTimeout(resolve, 50))
      expectNoSecrets(server.output, [token, user.email, 'Hello Ada'])
      const queued = server.output.split('\n').find((line) => line.includes('mail queued')) ?? '{}'
      expect(JSON.parse(queued)).toMatchObject({ kind: 'password-reset', outboxId: String(row.id) })
    } finally {
      await server.stop()
    }
  })
})
