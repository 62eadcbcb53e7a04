import path from 'node:path'
import type { ReceivedMail } from '#tests/helpers/smtp.ts'
import { createDb, type Db } from '#db/client.ts'
import { embeddedUrl } from '#db/embedded.ts'

/** The app's port, as playwright.config.ts gives it to scripts/e2e-server.ts. */
export const E2E_APP_PORT = Number(process.env.E2E_PORT ?? 3100)

/** Where the e2e server's mail capture listens: SMTP for the app, HTTP for the tests. Derived from the app's port, so parallel runs never share them. */
export function mailPorts(appPort: number) {
  return { smtp: appPort + 10_000, http: appPort + 11_000 }
}

/** The newest mail the e2e server sent to this address, waiting for it to arrive. */
export async function waitForMail(to: string, timeoutMs = 20_000): Promise<ReceivedMail> {
  const { http } = mailPorts(E2E_APP_PORT)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${http}/messages?to=${encodeURIComponent(to)}`)
    const mails = (await res.json()) as ReceivedMail[]
    if (mails.length > 0) return mails[mails.length - 1]
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The e2e server's database, for setting up what no page can yet (such as an invitation). */
export async function connectE2eDatabase(): Promise<Db> {
  return createDb(await embeddedUrl(path.resolve(`.data/e2e-${E2E_APP_PORT}/postgres`), 'marginalia'), { max: 2 })
}
