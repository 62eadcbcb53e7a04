import type { Readable } from 'node:stream'
import { getAccountDetails } from '#app/features/accounts/queries.server.ts'
import { getDocument } from '#app/features/documents/queries.server.ts'
import { getPreferences } from '#app/features/preferences/queries.server.ts'
import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'
import { folderName, zipStream, type ZipEntry } from '#jobs/render/batch-zip.ts'

const FILES = [
  ['txt_key', 'notes.txt'],
  ['docx_key', 'notes.docx'],
  ['references_key', 'references.docx'],
  ['md_key', 'notes.md'],
  ['bib_key', 'references.bib'],
  ['ris_key', 'references.ris'],
  ['csv_key', 'annotations.csv'],
] as const
const NO_FILE = new Set(['no_notes', 'no_references'])
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/**
 * Everything the product holds about one user, as a ZIP streamed while it is written: account.json
 * (the account, without its password hash), preferences.json, and per document a folder with
 * extraction.json (status, citation, metadata, colours, annotations, references) and its files.
 */
export async function accountExport(deps: { db: Db; storage: Storage }, userId: string): Promise<Readable> {
  const { db, storage } = deps
  const [details, preferences, account, documents] = await Promise.all([
    getAccountDetails(db, userId),
    getPreferences(db, userId),
    db.selectFrom('users').select(['created_at', 'last_login_at', 'default_reference_style_id']).where('id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('documents')
      .select(['id', 'original_filename', 'batch_id', 'metadata', 'reference_list', 'storage_key', ...FILES.map(([column]) => column)])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  ])
  const entries: ZipEntry[] = [
    { name: 'account.json', body: json({ ...details, createdAt: account.created_at, lastLoginAt: account.last_login_at, exportedAt: new Date().toISOString() }) },
    { name: 'preferences.json', body: json(preferences) },
  ]
  const used = new Set<string>()
  for (const row of documents) {
    const folder = `documents/${folderName(row.original_filename, used)}`
    entries.push({
      name: `${folder}/extraction.json`,
      body: async () => {
        const detail = await getDocument(db, userId, row.id)
        return detail ? Buffer.from(json({ ...detail, batchId: row.batch_id, metadata: row.metadata, referenceList: row.reference_list })) : null
      },
    })
    const keys: [string, string | null][] = [[row.original_filename.replace(/[\\/]/g, '_'), row.storage_key], ...FILES.map(([column, file]) => [file, row[column]] as [string, string | null])]
    for (const [file, key] of keys) {
      if (key && !NO_FILE.has(key)) entries.push({ name: `${folder}/${file}`, body: () => storage.getBytes(key) })
    }
  }
  return zipStream(entries)
}
