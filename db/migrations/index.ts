import type { Migration, MigrationProvider } from 'kysely/migration'
import * as initial from './0001_initial.ts'
import * as accountSecurity from './0002_account_security.ts'
import * as admin from './0003_admin.ts'
import * as moreOutputs from './0005_more_outputs.ts'
import * as sessionNotify from './0006_session_notify.ts'

// Listed statically (not read from the folder) so the same provider works under Node, Vite and vitest.
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_account_security': accountSecurity,
  '0003_admin': admin,
  '0005_more_outputs': moreOutputs,
  '0006_session_notify': sessionNotify,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
