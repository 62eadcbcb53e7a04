import { sql, type Kysely } from 'kysely'

// Account security (issue 10, items 8 and 12): the sign-in delay per (e-mail, IP) pair, batch ids
// scoped to their owner, and no mail text kept once it has been sent.
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

  // A batch id is the client's name for its own upload: the same id of two users names two batches,
  // so another user's id behaves exactly like one nobody has used.
  await sql`ALTER TABLE documents DROP CONSTRAINT documents_batch_id_fkey`.execute(db)
  await sql`ALTER TABLE batches DROP CONSTRAINT batches_pkey`.execute(db)
  await sql`ALTER TABLE batches ADD CONSTRAINT batches_pkey PRIMARY KEY (user_id, id)`.execute(db)
  await sql`ALTER TABLE documents ADD CONSTRAINT documents_batch_fkey FOREIGN KEY (user_id, batch_id) REFERENCES batches (user_id, id) ON DELETE CASCADE`.execute(
    db,
  )

  // Mails already delivered keep their envelope, not their text (which may hold a live link).
  await sql`UPDATE email_outbox SET body_text = '' WHERE sent_at IS NOT NULL`.execute(db)
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only')
}
