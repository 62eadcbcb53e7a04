import { Migrator } from 'kysely/migration'
import type { Db } from './client.ts'
import { migrationProvider } from './migrations/index.ts'

/**
 * Brings the schema to the latest version. Kysely's migrator takes a row lock on its lock table,
 * so two processes starting at once run each migration exactly once.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
