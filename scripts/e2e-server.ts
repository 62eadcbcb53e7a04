import { rm } from 'node:fs/promises'
import path from 'node:path'
import { mailPorts } from '../tests/e2e/mail.ts'
import { startMailCapture } from '../tests/e2e/mail-server.ts'

// The server as `npm start` runs it (React's production build), also when started without npm's
// scripts setting NODE_ENV (report:pages, bench:http and the e2e tests start this file directly).
process.env.NODE_ENV ??= 'production'
// A fresh embedded database for every end-to-end run, whatever DATABASE_URL the shell has.
const dataDir = path.resolve(`.data/e2e-${process.env.PORT ?? '3100'}`)
await rm(dataDir, { recursive: true, force: true })
process.env.DATA_DIR = dataDir
process.env.DATABASE_URL = ''
process.env.ADMIN_EMAIL ??= 'admin@marginalia.test'
process.env.ADMIN_PASSWORD ??= 'E2e!AdminPassw0rd'
process.env.LOG_LEVEL ??= 'warn'
// Mail goes to a capturing SMTP server on loopback, whose messages the tests read (tests/e2e/mail.ts).
const ports = mailPorts(Number(process.env.PORT ?? '3100'))
await startMailCapture(ports)
process.env.SMTP_URL = `smtp://127.0.0.1:${ports.smtp}`
await import('../server/index.ts')
