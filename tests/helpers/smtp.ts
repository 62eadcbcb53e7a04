import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function decodeHeaderWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  )
}

/** Enough of RFC 5322/MIME for the single-part text mails the app sends (7bit, quoted-printable or base64). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : Buffer.from(body, 'latin1').toString('utf8')
  return { to, subject: decodeHeaderWords(header('Subject')), text: text.replace(/\r\n/g, '\n') }
}

/**
 * A real SMTP server on loopback that keeps every mail it receives, so tests read the mail the app
 * sent and follow the link in it.
 */
export async function startSmtpCapture(port = 0) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address)))
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const actualPort = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    /** The newest mail to this address, waiting for it to arrive. */
    async waitForMail(to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = received.findLast((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()))
        if (mail) return mail
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
