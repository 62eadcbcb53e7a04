import path from 'node:path'
import { sql } from 'kysely'
import { hashPassword } from '#app/features/accounts/password.server.ts'
import { createDb, type Db } from '#db/client.ts'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seed } from '#db/seed.ts'

// `npm run seed:large`: the admin area's load — 10,000 users, 100,000 documents (with 200,000
// annotations), 200,000 audit entries (plus the user_created ones the users add), 5,000
// subscribers and 2,000 invitations — spread over the last two years, generated in SQL.
// Against DATABASE_URL when set, else an embedded PostgreSQL in .data/bench-admin/. Idempotent:
// a database that already holds the bench users is left as it is (use --force to add again).

export const LARGE = { users: 10_000, documents: 100_000, annotationsPerDocument: 2, auditEntries: 200_000, subscribers: 5_000, invitations: 2_000 }
export const BENCH_PASSWORD = 'Bench!Passw0rd'

export async function seedLarge(db: Db, log: (line: string) => void = console.log): Promise<void> {
  const existing = await db.selectFrom('users').select(sql<string>`count(*)`.as('n')).where('email', 'like', 'bench-user-%').executeTakeFirstOrThrow()
  if (Number(existing.n) >= LARGE.users && !process.argv.includes('--force')) {
    log(`seed:large: ${existing.n} bench users already there; nothing to do`)
    return
  }
  const started = Date.now()
  const step = (what: string) => log(`seed:large: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  const hash = await hashPassword(BENCH_PASSWORD)
  const run = Date.now().toString(36)

  await sql`
    INSERT INTO users (email, password_hash, first_name, last_name, organization, is_admin, is_active, created_at, updated_at, last_login_at)
    SELECT 'bench-user-' || ${run} || '-' || g || '@example.org', ${hash},
      (ARRAY['Ada','Grace','Alan','Marie','Rosalind','Emmy','Carl','Lise','Niels','Barbara'])[1 + g % 10],
      (ARRAY['Lovelace','Hopper','Turing','Curie','Franklin','Noether','Gauss','Meitner','Bohr','McClintock','Smith','Müller'])[1 + (g / 10) % 12],
      CASE WHEN g % 3 = 0 THEN NULL ELSE 'University ' || (g % 50) END,
      g % 1000 = 0, g % 20 <> 1,
      now() - (random() * interval '730 days'), now(),
      CASE WHEN g % 4 = 0 THEN NULL ELSE now() - (random() * interval '400 days') END
    FROM generate_series(1, ${LARGE.users}) g`.execute(db)
  step(`${LARGE.users} users`)

  // Five documents per batch; statuses in a plausible mix, over the last 400 days.
  await sql`
    WITH u AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE ${`bench-user-${run}-%`}),
    styles AS (SELECT array_agg(id ORDER BY id) AS ids FROM reference_styles)
    INSERT INTO batches (id, user_id, reference_style_id, created_at, submitted_at)
    SELECT gen_random_uuid(), u.id, styles.ids[1 + b % array_length(styles.ids, 1)], now(), now()
    FROM generate_series(1, ${LARGE.documents / 5}) b
    JOIN u ON u.n = 1 + (b * 7919) % ${LARGE.users}
    CROSS JOIN styles`.execute(db)
  await sql`
    WITH b AS (SELECT id, user_id, reference_style_id FROM batches bt
               WHERE user_id IN (SELECT id FROM users WHERE email LIKE ${`bench-user-${run}-%`})
                 AND NOT EXISTS (SELECT 1 FROM documents WHERE batch_id = bt.id)),
    d AS (
      SELECT b.*, k, now() - (random() * interval '400 days') AS at, random() AS r
      FROM b CROSS JOIN generate_series(1, 5) k
    )
    INSERT INTO documents (user_id, batch_id, reference_style_id, original_filename, storage_key, size_bytes, upload_status,
                           page_count, created_at, updated_at, completed_at)
    SELECT user_id, id, reference_style_id, 'paper-' || substr(md5(id::text || k), 1, 10) || '.pdf',
      CASE WHEN r < 0.5 THEN 'uploads/bench/' || id || '-' || k || '.pdf' END, 250000,
      CASE WHEN r < 0.85 THEN 'completed' WHEN r < 0.88 THEN 'failed' WHEN r < 0.90 THEN 'ps1_timeout'
           WHEN r < 0.91 THEN 'make1_timeout' WHEN r < 0.92 THEN 'ps2_timeout' WHEN r < 0.96 THEN 'raw_annotations_inserted' ELSE 'processing_downloads' END,
      1 + (k * 7) % 30, at, at,
      CASE WHEN r < 0.85 THEN at + (random() * interval '20 minutes') END
    FROM d`.execute(db)
  step(`${LARGE.documents} documents`)

  await sql`
    INSERT INTO annotations (document_id, position, type, page, color, text, comment, category_id)
    SELECT d.id, k, CASE WHEN k = 1 THEN 'highlight' ELSE 'note' END, 1, '#ffeb3b', 'Highlighted words', CASE WHEN k = 2 THEN 'A comment' END,
      (SELECT id FROM color_categories ORDER BY id LIMIT 1 OFFSET (k % 3))
    FROM documents d CROSS JOIN generate_series(1, ${LARGE.annotationsPerDocument}) k
    WHERE d.user_id IN (SELECT id FROM users WHERE email LIKE ${`bench-user-${run}-%`})`.execute(db)
  step('annotations')

  await sql`
    WITH admins AS (SELECT array_agg(id) AS ids FROM users WHERE is_admin),
    targets AS (SELECT array_agg(id::text) AS ids FROM (SELECT id FROM users ORDER BY id LIMIT 2000) t)
    INSERT INTO audit_logs (admin_user_id, action, resource_type, resource_id, ip_address, details, created_at)
    SELECT admins.ids[1 + g % array_length(admins.ids, 1)],
      (ARRAY['user_updated','password_reset_sent','analytics_viewed','invitation_sent','document_processed','user_deleted'])[1 + g % 6],
      (ARRAY['user','user','analytics','invitation','document','user'])[1 + g % 6],
      targets.ids[1 + g % 2000], '10.0.' || (g % 255) || '.' || (g % 7),
      jsonb_build_object('seq', g, 'note', 'bench'), now() - (random() * interval '365 days')
    FROM generate_series(1, ${LARGE.auditEntries}) g, admins, targets`.execute(db)
  step(`${LARGE.auditEntries} audit entries`)

  await sql`
    INSERT INTO subscribers (email, first_name, marketing_consent, created_at, last_email_sent_at)
    SELECT CASE WHEN g % 5 = 0 THEN 'bench-user-' || ${run} || '-' || g || '@example.org' ELSE 'bench-sub-' || ${run} || '-' || g || '@example.org' END,
      'Reader', g % 2 = 0, now() - (random() * interval '500 days'), CASE WHEN g % 3 = 0 THEN now() - (random() * interval '30 days') END
    FROM generate_series(1, ${LARGE.subscribers}) g
    ON CONFLICT (email) DO NOTHING`.execute(db)
  await sql`
    INSERT INTO invitations (email, code, used, created_at, expires_at)
    SELECT CASE WHEN g % 4 = 0 THEN NULL ELSE 'bench-invitee-' || ${run} || '-' || g || '@example.org' END,
      'bench-' || ${run} || '-' || g, g % 3 = 0, now() - (g % 400) * interval '1 day', now() - (g % 400) * interval '1 day' + interval '14 days'
    FROM generate_series(1, ${LARGE.invitations}) g`.execute(db)
  step('subscribers and invitations')
  await sql`VACUUM ANALYZE`.execute(db)
  step('done (VACUUM ANALYZE)')
}

/** The database to use: DATABASE_URL, or the embedded one in .data/bench-admin/ (started here). */
export async function benchDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} }
  return startEmbeddedPostgres({ dataDir: path.resolve('.data/bench-admin/postgres'), database: 'marginalia' })
}

if (process.argv[1]?.endsWith('seed-large.ts')) {
  const database = await benchDatabase()
  const db = createDb(database.url, { max: 2, applicationName: 'marginalia-seed-large' })
  try {
    await migrateToLatest(db)
    await seed(db)
    await seedLarge(db)
  } finally {
    await db.destroy()
    await database.stop()
  }
}
