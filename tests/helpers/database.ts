import { afterAll } from 'vitest'
import { createDb, type Db } from '#db/client.ts'

/** This test file's own database (see tests/setup/fresh-database.ts), closed after the file. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run this file in the integration project')
  return url
}

export function useTestDb(): Db {
  const db = createDb(testDatabaseUrl(), { max: 5 })
  afterAll(() => db.destroy())
  return db
}
