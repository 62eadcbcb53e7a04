import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { bootstrapAdmin } from '#app/features/accounts/bootstrap.server.ts'
import { loadConfig } from '#app/server/config.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { createDb } from '#db/client.ts'
import { migrationProvider } from '#db/migrations/index.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { COLOR_CATEGORIES, readLocale, REFERENCE_STYLES, seed } from '#db/seed.ts'
import { testDatabaseUrl, useTestDb } from '#tests/helpers/database.ts'

const db = useTestDb()
const logger = createLogger('silent')

describe('migrations', () => {
  it('are applied exactly once when several processes start on an empty database at once', async () => {
    const admin = createDb(testDatabaseUrl(), { max: 1 })
    const name = `marginalia_fresh_${process.pid}_${Date.now()}`
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin)
    const url = new URL(testDatabaseUrl())
    url.pathname = `/${name}`
    const processes = [1, 2, 3].map(() => createDb(url.toString(), { max: 1 }))
    try {
      const all = Object.keys(await migrationProvider.getMigrations()).sort()
      expect(all[0]).toBe('0001_initial')
      const results = await Promise.all(processes.map((p) => migrateToLatest(p)))
      expect(results.flat().sort()).toEqual(all)
      const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(processes[0])
      expect(rows.rows.map((r) => r.name)).toEqual(all)
    } finally {
      await Promise.all(processes.map((p) => p.destroy()))
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin)
      await admin.destroy()
    }
  })
})

describe('seed', () => {
  it('loads the six reference styles, the categories including Reference, and English as default', async () => {
    const styles = await db.selectFrom('reference_styles').select(['slug', 'name']).orderBy('sort_order').execute()
    expect(styles.map((s) => s.slug)).toEqual(REFERENCE_STYLES.map((s) => s.slug))
    const categories = await db.selectFrom('color_categories').select('name').orderBy('sort_order').execute()
    expect(categories.map((c) => c.name)).toEqual([...COLOR_CATEGORIES])
    expect(categories.map((c) => c.name)).toContain('Reference')
    const defaults = await db.selectFrom('languages').select('code').where('is_default', '=', true).execute()
    expect(defaults).toEqual([{ code: 'en' }])
  })

  it('puts every English key of locales/ into the database', async () => {
    const english = await readLocale('en')
    const stored = await db.selectFrom('translations').select(['key', 'value']).where('language_code', '=', 'en').execute()
    expect(Object.fromEntries(stored.map((r) => [r.key, r.value]))).toEqual(english)
  })

  it('is idempotent and never overwrites a translation an admin edited', async () => {
    await db
      .updateTable('translations')
      .set({ value: 'Startseite (bearbeitet)', edited_by_admin: true })
      .where('language_code', '=', 'de')
      .where('key', '=', 'nav.home')
      .execute()
    await db.updateTable('translations').set({ value: 'stale' }).where('language_code', '=', 'de').where('key', '=', 'nav.login').execute()
    await seed(db)
    await seed(db)
    const rows = await db
      .selectFrom('translations')
      .select(['key', 'value'])
      .where('language_code', '=', 'de')
      .where('key', 'in', ['nav.home', 'nav.login'])
      .orderBy('key')
      .execute()
    expect(rows).toEqual([
      { key: 'nav.home', value: 'Startseite (bearbeitet)' },
      { key: 'nav.login', value: 'Anmelden' },
    ])
    const count = await db.selectFrom('reference_styles').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(6)
  })

  it('keeps the default language an admin chose', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('languages').set({ is_default: false }).where('code', '=', 'en').execute()
      await trx.updateTable('languages').set({ is_default: true }).where('code', '=', 'de').execute()
    })
    await seed(db)
    const defaults = await db.selectFrom('languages').select('code').where('is_default', '=', true).execute()
    expect(defaults).toEqual([{ code: 'de' }])
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('languages').set({ is_default: false }).where('code', '=', 'de').execute()
      await trx.updateTable('languages').set({ is_default: true }).where('code', '=', 'en').execute()
    })
  })
})

describe('first admin', () => {
  it('offers one admin invitation while no admin exists, the same one at every start', async () => {
    const config = loadConfig({ APP_URL: 'http://marginalia.test' })
    const first = await bootstrapAdmin(db, config, logger)
    const second = await bootstrapAdmin(db, config, logger)
    expect(first.invitationUrl).toMatch(/^http:\/\/marginalia\.test\/register\?code=[\w-]+$/)
    expect(second.invitationUrl).toBe(first.invitationUrl)
    const invitations = await db.selectFrom('invitations').select(['grants_admin', 'used', 'email']).execute()
    expect(invitations).toEqual([{ grants_admin: true, used: false, email: null }])
  })

  it('creates or updates the admin named by ADMIN_EMAIL and ADMIN_PASSWORD, and then offers no invitation', async () => {
    const config = loadConfig({ ADMIN_EMAIL: 'Chief@Example.org', ADMIN_PASSWORD: 'Str0ng!Passw0rd' })
    const result = await bootstrapAdmin(db, config, logger)
    expect(result.invitationUrl).toBeUndefined()
    await bootstrapAdmin(db, loadConfig({ ADMIN_EMAIL: 'chief@example.org', ADMIN_PASSWORD: 'An0ther!Passw0rd' }), logger)
    const admins = await db.selectFrom('users').select(['email', 'is_admin', 'password_hash']).where('is_admin', '=', true).execute()
    expect(admins).toHaveLength(1)
    expect(admins[0].password_hash).toMatch(/^\$argon2id\$/)
  })
})

/** The statements this connection has prepared under our names. */
const prepared = (one: ReturnType<typeof createDb>) =>
  sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'm\_%'`.execute(one).then((r) => r.rows.map((row) => row.statement))

describe('prepared statements', () => {

  it('runs each query as a named statement, prepared once per connection, and leaves transaction control and DDL alone', async () => {
    const one = createDb(testDatabaseUrl(), { max: 1 })
    try {
      const style = (slug: string) => one.selectFrom('reference_styles').select('name').where('slug', '=', slug).executeTakeFirstOrThrow()
      expect((await style('apa')).name).toBe('APA 7')
      expect((await style('mla')).name).toBe('MLA 9')
      const statements = await prepared(one)
      expect(statements.filter((s) => s.includes('from "reference_styles"'))).toHaveLength(1)
      // Transactions, DDL and the rows they touch work as before.
      await one.transaction().execute(async (trx) => {
        await sql`CREATE TEMPORARY TABLE prepared_probe (n int) ON COMMIT DROP`.execute(trx)
        await sql`INSERT INTO prepared_probe VALUES (${1}), (${2})`.execute(trx)
        expect((await sql<{ total: number }>`SELECT sum(n)::int AS total FROM prepared_probe`.execute(trx)).rows[0].total).toBe(3)
      })
      const after = await prepared(one)
      expect(after.some((s) => /^\s*(begin|commit|create)/i.test(s))).toBe(false)
      expect(after.some((s) => s.startsWith('INSERT INTO prepared_probe'))).toBe(true)
    } finally {
      await one.destroy()
    }
  })

  it('can be turned off (DATABASE_PREPARED_STATEMENTS=false)', async () => {
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false)
    expect(loadConfig({}).databasePreparedStatements).toBe(true)
    const one = createDb(testDatabaseUrl(), { max: 1, preparedStatements: false })
    try {
      await one.selectFrom('reference_styles').select('name').execute()
      expect(await prepared(one)).toEqual([])
    } finally {
      await one.destroy()
    }
  })
})
