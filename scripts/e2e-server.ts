import { rm } from 'node:fs/promises'
import path from 'node:path'

// A fresh embedded database for every end-to-end run, whatever DATABASE_URL the shell has.
const dataDir = path.resolve(`.data/e2e-${process.env.PORT ?? '3100'}`)
await rm(dataDir, { recursive: true, force: true })
process.env.DATA_DIR = dataDir
process.env.DATABASE_URL = ''
process.env.ADMIN_EMAIL ??= 'admin@marginalia.test'
process.env.ADMIN_PASSWORD ??= 'E2e!AdminPassw0rd'
process.env.LOG_LEVEL ??= 'warn'
await import('../server/index.ts')
