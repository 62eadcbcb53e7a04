/**
 * npm run bench:translations: imports a 1,000-key × 10-language workbook (every cell changed)
 * into an embedded PostgreSQL through the same code the import endpoint uses, then the same file
 * again (nothing changed), and prints the times. The bar: under 2 s.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { importWorkbook } from '#app/features/translations/excel.server.ts'
import { createDb } from '#db/client.ts'
import { startEmbeddedPostgres } from '#db/embedded.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seed } from '#db/seed.ts'

const KEYS = 1_000
const LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'pt', 'nl', 'sv', 'pl', 'ja']

const dir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-bench-translations-'))
await chmod(dir, 0o755)
const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), database: 'bench' })
const db = createDb(pg.url, { max: 5 })
try {
  await migrateToLatest(db)
  await seed(db)
  const admin = await db
    .insertInto('users')
    .values({ email: 'bench@marginalia.test', password_hash: 'x', first_name: 'Bench', last_name: 'Mark', is_admin: true })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The product's keys: those seeded, topped up to 1,000 with bench keys in every language.
  for (const code of LANGUAGES) {
    await db.insertInto('languages').values({ code, name: code, is_active: true, is_default: false }).onConflict((oc) => oc.column('code').doNothing()).execute()
  }
  const keys = (await db.selectFrom('translations').select('key').where('language_code', '=', 'en').orderBy('key').execute()).map((r) => r.key).slice(0, KEYS)
  const extra = Array.from({ length: KEYS - keys.length }, (_, i) => `bench.key.${i}`)
  if (extra.length > 0) await db.insertInto('translations').values(extra.map((key) => ({ language_code: 'en', key, value: key }))).execute()
  const all = [...keys, ...extra]

  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Translations')
  sheet.addRow(['Translation Key', ...LANGUAGES])
  for (const key of all) sheet.addRow([key, ...LANGUAGES.map((code) => `${code}: ${key} — bench text, long enough to look like a sentence.`)])
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer())

  const actor = { adminUserId: admin.id, ipAddress: null }
  const time = async (label: string) => {
    const start = performance.now()
    const summary = await importWorkbook(db, bytes, 'bench.xlsx', actor)
    const took = performance.now() - start
    process.stdout.write(
      `${label}: ${took.toFixed(0)} ms (${summary.updated} updated, ${summary.added} added, ${summary.unchanged} unchanged, ${summary.unknownKeys.length} unknown keys)\n`,
    )
    return took
  }
  process.stdout.write(`workbook: ${all.length} keys × ${LANGUAGES.length} languages, ${(bytes.byteLength / 1024).toFixed(0)} KB\n`)
  const first = await time('first import (every cell written)')
  const second = await time('same file again (nothing to write)')
  const ok = first < 2_000 && second < 2_000
  process.stdout.write(ok ? 'under 2 s: yes\n' : 'under 2 s: NO\n')
  process.exitCode = ok ? 0 : 1
} finally {
  await db.destroy()
  await pg.stop()
  await rm(dir, { recursive: true, force: true })
}
