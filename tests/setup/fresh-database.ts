import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, inject } from 'vitest'

// Each test file gets its own database, copied from the migrated and seeded template.
const serverUrl = inject('serverDatabaseUrl')
const name = `marginalia_test_${randomBytes(6).toString('hex')}`
const admin = new pg.Client({ connectionString: serverUrl })
await admin.connect()
await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`)
const url = new URL(serverUrl)
url.pathname = `/${name}`
process.env.TEST_DATABASE_URL = url.toString()

afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
})
