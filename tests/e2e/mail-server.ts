import { createServer } from 'node:http'
import { startSmtpCapture } from '#tests/helpers/smtp.ts'

/**
 * The end-to-end server's mailbox: a real SMTP server on loopback that the app sends to, and a
 * loopback HTTP endpoint (`GET /messages?to=…`) where the tests read what arrived.
 */
export async function startMailCapture(ports: { smtp: number; http: number }): Promise<void> {
  const smtp = await startSmtpCapture(ports.smtp)
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname !== '/messages') {
      res.writeHead(404).end()
      return
    }
    const to = url.searchParams.get('to')?.toLowerCase()
    const mails = smtp.received.filter((m) => !to || m.to.some((address) => address.toLowerCase() === to))
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mails))
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(ports.http, '127.0.0.1', () => resolve())
  })
  http.unref()
}
