import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, expect, it } from 'vitest'
import { getDocument } from '#app/features/documents/queries.server.ts'
import { createLogger } from '#app/server/logger.server.ts'
import { localStorage } from '#app/server/storage.server.ts'
import { runAccountRetention, runRetention } from '#jobs/retention.ts'
import { useTestDb } from '#tests/helpers/database.ts'
import { insertDocument } from '#tests/helpers/documents.ts'
import { createUser } from '#tests/helpers/users.ts'

const db = useTestDb()
const dir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-retention-'))
const storage = localStorage(dir)
afterAll(() => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }))

it('removes the stored files of documents older than 90 days, marks them expired and keeps their annotations', async () => {
  const user = await createUser(db)
  const old = await insertDocument(db, user.id, { createdAt: new Date(Date.now() - 91 * 86_400_000), storageKey: 'uploads/old.pdf' })
  const recent = await insertDocument(db, user.id, { createdAt: new Date(Date.now() - 89 * 86_400_000), storageKey: 'uploads/recent.pdf' })
  await storage.put('uploads/old.pdf', Readable.from([Buffer.from('%PDF-old')]), 'application/pdf')
  await storage.put('uploads/recent.pdf', Readable.from([Buffer.from('%PDF-new')]), 'application/pdf')
  await storage.put(`documents/${old.id}/notes.txt`, Readable.from([Buffer.from('notes')]), 'text/plain')
  await db.updateTable('documents').set({ txt_key: `documents/${old.id}/notes.txt`, references_key: 'no_references' }).where('id', '=', old.id).execute()
  await db.insertInto('annotations').values({ document_id: old.id, position: 0, type: 'highlight', page: 1, text: 'kept' }).execute()

  expect(await runRetention({ db, storage, logger: createLogger('silent') })).toBe(1)
  expect(await storage.exists('uploads/old.pdf')).toBe(false)
  expect(await storage.exists(`documents/${old.id}/notes.txt`)).toBe(false)
  expect(await storage.exists('uploads/recent.pdf')).toBe(true)
  const detail = await getDocument(db, user.id, old.id)
  expect(detail?.expired).toBe(true)
  expect(detail?.txtDownloadUrl).toBeNull()
  expect(detail?.annotations.map((a) => a.text)).toEqual(['kept'])
  expect((await getDocument(db, user.id, recent.id))?.expired).toBe(false)
  // A second run finds nothing more to do.
  expect(await runRetention({ db, storage, logger: createLogger('silent') })).toBe(0)
})

it('deletes accounts without a sign-in for 24 months, with their files, but never an admin', async () => {
  const logger = createLogger('silent')
  const idle = await createUser(db)
  const active = await createUser(db)
  const idleAdmin = await createUser(db, { isAdmin: true })
  const longAgo = new Date(Date.now() - 25 * 31 * 86_400_000)
  await db.updateTable('users').set({ last_login_at: longAgo }).where('id', 'in', [idle.id, idleAdmin.id]).execute()
  await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', active.id).execute()
  const document = await insertDocument(db, idle.id, { storageKey: 'uploads/idle.pdf' })
  await storage.put('uploads/idle.pdf', Readable.from([Buffer.from('%PDF-idle')]), 'application/pdf')

  expect(await runAccountRetention({ db, storage, logger })).toBe(1)
  expect(await storage.exists('uploads/idle.pdf')).toBe(false)
  const users = await db.selectFrom('users').select('id').where('id', 'in', [idle.id, active.id, idleAdmin.id]).execute()
  expect(users.map((u) => u.id).sort()).toEqual([active.id, idleAdmin.id].sort())
  expect(await db.selectFrom('documents').select('id').where('id', '=', document.id).executeTakeFirst()).toBeUndefined()
})
