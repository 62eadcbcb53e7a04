import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'

// int8 (counts, bigserial ids) arrive as strings by default; counts here always fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : value
})

export type Db = Kysely<Database>

export function createDb(connectionString: string, options: { max?: number; applicationName?: string } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'marginalia',
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  })
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {})
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}
