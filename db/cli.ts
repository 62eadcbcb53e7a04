import { createDb } from './client.ts'
import { migrateToLatest } from './migrate.ts'
import { seed } from './seed.ts'

const command = process.argv[2]
const url = process.env.DATABASE_URL
if (!url || (command !== 'migrate' && command !== 'seed')) {
  process.stderr.write('usage: DATABASE_URL=postgres://… node db/cli.ts migrate|seed\n')
  process.exit(2)
}
const db = createDb(url, { max: 2, applicationName: 'marginalia-cli' })
try {
  const applied = await migrateToLatest(db)
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'schema is up to date\n')
  if (command === 'seed') {
    await seed(db)
    process.stdout.write('seed data is in place\n')
  }
} finally {
  await db.destroy()
}
