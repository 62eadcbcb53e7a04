import { createHash } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'

// int8 (counts, bigserial ids) arrive as strings by default; counts here always fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : value
})

export type Db = Kysely<Database>

export function createDb(connectionString: string, options: { max?: number; applicationName?: string; preparedStatements?: boolean } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'marginalia',
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  })
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {})
  if (options.preparedStatements ?? true) pool.on('connect', prepareStatements)
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i
/** At most this many distinct statements are prepared per process; any further one runs unprepared. */
const MAX_STATEMENTS = 500
const statementNames = new Map<string, string>()

function statementName(text: string): string | undefined {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < MAX_STATEMENTS && PREPARABLE.test(text)) {
    name = `m_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`
    statementNames.set(text, name)
  }
  return name
}

/**
 * Kysely's queries run as named prepared statements on each connection: PostgreSQL parses (and,
 * once it settles on a generic plan, plans) a statement once per connection instead of on every
 * call, which cut the database's time per dashboard request by about 40 % (docs/decisions.md). The name is a
 * hash of the text, so one name never stands for two texts. Statements other than SELECT, INSERT,
 * UPDATE, DELETE and WITH (transaction control, DDL in migrations) run as before. Behind a pooler
 * that cannot keep prepared statements (PgBouncer before 1.21 in transaction mode), turn this off
 * with DATABASE_PREPARED_STATEMENTS=false.
 */
function prepareStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' && Array.isArray(values) && callback === undefined ? statementName(text) : undefined
    return name ? query({ name, text, values }) : query(text, values, callback)
  }) as typeof client.query
}
