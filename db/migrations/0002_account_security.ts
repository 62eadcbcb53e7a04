import { sql, type Kysely } from 'kysely'

// Account security (issue 10, items 8 and 12): the sign-in delay per (e-mail, IP) pair.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per (e-mail, client IP) pair that failed to sign in: the delay doubles with each failure
  // past the free ones, instead of locking the account for everyone.
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('blocked_until', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('login_throttle_last_failure_idx').on('login_throttle').column('last_failure_at').execute()
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only')
}
