import JSZip from 'jszip'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { apiClient } from '#tests/helpers/outputs.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'

const { baseUrl, db, storage } = await startTestServer({}, { workers: true })

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  })
  const cookie = res.headers.get('set-cookie')
  if (!cookie) throw new Error(`login failed: ${res.status}`)
  return cookie.split(';')[0]
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl, Cookie: cookie },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
}

async function storedKeys(documentId: string): Promise<string[]> {
  const keys: string[] = []
  for await (const object of storage.list(`documents/${documentId}/`)) keys.push(object.key)
  return keys
}

describe('the batch, deletion and the account data', () => {
  it('makes the batch files, deletes a document (page and API) and a batch, exports and deletes the account', async () => {
    const owner = await createUser(db)
    const api = apiClient(baseUrl, db)
    await api.login(owner.email, owner.password)
    const { batchId, ids, documents } = await api.completedBatch(['pdfannots-hotos17.pdf', 'pdfjs-comments.pdf', 'zotero-pdf-worker-1.pdf'])

    // GET /api/batches/{batch_id}
    const batch = await api.json(`/api/batches/${batchId}`)
    expect(batch.status).toBe(200)
    expect(batch.body.documents.map((d: { id: string }) => d.id).sort()).toEqual([...ids].sort())
    for (const field of ['synthesisDocxDownloadUrl', 'synthesisMarkdownDownloadUrl', 'evidenceMatrixDownloadUrl', 'zipDownloadUrl']) expect(batch.body[field]).toMatch(/^https?:\/\//)
    const highlightCount = documents.reduce((n, d) => n + d.highlights.filter((h: { category: string | null; text: string | null }) => h.category && h.text).length, 0)

    const synthesis = await (await api.fetch(new URL(batch.body.synthesisMarkdownDownloadUrl).pathname)).text()
    for (const d of documents) {
      const one = d.highlights.find((h: { category: string | null; text: string | null }) => h.category && h.text)
      if (one) expect(synthesis.replace(/\\/g, '')).toContain(one.text.replace(/\s+/g, ' ').slice(0, 30))
    }
    const xlsx = await api.fetch(new URL(batch.body.evidenceMatrixDownloadUrl).pathname)
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never)
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Highlights', 'Papers'])
    expect(workbook.worksheets[0].rowCount - 1).toBe(highlightCount)
    expect(workbook.worksheets[0].views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(workbook.worksheets[1].rowCount - 1).toBe(3)
    const docx = await api.fetch(new URL(batch.body.synthesisDocxDownloadUrl).pathname)
    expect(Buffer.from(await docx.arrayBuffer()).subarray(0, 2).toString()).toBe('PK')
    const zip = await JSZip.loadAsync(await (await api.fetch(new URL(batch.body.zipDownloadUrl).pathname)).arrayBuffer())
    const names = Object.keys(zip.files)
    expect(names).toContain('pdfannots-hotos17/notes.md')
    expect(names).toContain('pdfjs-comments/references.bib')
    expect(names).toContain('evidence-matrix.xlsx')

    // The batch page, without JavaScript: the four links.
    const cookie = await signIn(owner.email, owner.password)
    const page = await (await fetch(`${baseUrl}/batches/${batchId}`, { headers: { Cookie: cookie } })).text()
    expect(page).toContain(`/batches/${batchId}/download/evidence-matrix.xlsx`)

    // Delete one document through the page's confirmation step (a plain form).
    expect(await storedKeys(ids[1])).not.toHaveLength(0)
    const confirm = await fetch(`${baseUrl}/past-extractions/${ids[1]}/delete`, { headers: { Cookie: cookie } })
    expect(confirm.status).toBe(200)
    expect(await confirm.text()).toContain('name="confirm"')
    const deleted = await post(`/past-extractions/${ids[1]}/delete`, cookie, { confirm: 'delete' })
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('location')).toBe('/past-extractions?deleted=1')
    expect((await api.json(`/api/documents/${ids[1]}`)).status).toBe(404)
    expect(await storedKeys(ids[1])).toHaveLength(0)
    expect(await db.selectFrom('annotations').select('id').where('document_id', '=', ids[1]).execute()).toHaveLength(0)

    // DELETE /api/documents/{id}
    const stranger = await createUser(db)
    const other = apiClient(baseUrl, db)
    await other.login(stranger.email, stranger.password)
    expect((await other.fetch(`/api/documents/${ids[2]}`, { method: 'DELETE' })).status).toBe(404)
    const apiDelete = await api.fetch(`/api/documents/${ids[2]}`, { method: 'DELETE' })
    expect(apiDelete.status).toBe(200)
    expect((await api.json(`/api/documents/${ids[2]}`)).status).toBe(404)
    expect(await storedKeys(ids[2])).toHaveLength(0)
    const list = await api.json('/api/documents')
    expect(list.body.documents.map((d: { id: string }) => d.id)).toEqual([ids[0]])

    // The account's data as a ZIP.
    const exported = await fetch(`${baseUrl}/account-settings/export`, { headers: { Cookie: cookie } })
    expect(exported.headers.get('content-type')).toBe('application/zip')
    const archive = await JSZip.loadAsync(await exported.arrayBuffer())
    const account = JSON.parse(await archive.file('account.json')!.async('string'))
    expect(account.email).toBe(owner.email)
    expect(JSON.stringify(account)).not.toContain('argon2')
    expect(Object.keys(archive.files)).toContain('documents/pdfannots-hotos17/extraction.json')
    expect(Object.keys(archive.files)).toContain('documents/pdfannots-hotos17/pdfannots-hotos17.pdf')
    expect(Object.keys(archive.files)).toContain('preferences.json')

    // Delete the account: wrong password refused; then every session ends and sign-in fails.
    const wrong = await post('/account-settings/delete', cookie, { password: 'not-the-password' })
    expect(wrong.status).toBe(400)
    const gone = await post('/account-settings/delete', cookie, { password: owner.password })
    expect(gone.status).toBe(302)
    expect((await api.json('/api/documents')).status).toBe(401)
    expect(await storedKeys(ids[0])).toHaveLength(0)
    const again = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: owner.password }) })
    expect(again.status).toBe(401)
    const audit = await db.selectFrom('audit_logs').select(['action', 'resource_id']).where('resource_id', '=', owner.id).where('action', '=', 'user_deleted').execute()
    expect(audit).toEqual([{ action: 'user_deleted', resource_id: owner.id }])
  }, 240_000)

  it('keeps the last admin, and deletes a whole batch through the API', async () => {
    await db.updateTable('users').set({ is_admin: false }).where('is_admin', '=', true).execute()
    const admin = await createUser(db, { isAdmin: true })
    const cookie = await signIn(admin.email, admin.password)
    const refused = await post('/account-settings/delete', cookie, { password: admin.password })
    expect(refused.status).toBe(409)
    expect(await db.selectFrom('users').select('id').where('id', '=', admin.id).executeTakeFirst()).toBeTruthy()

    const api = apiClient(baseUrl, db)
    await api.login(admin.email, admin.password)
    const { batchId, ids } = await api.completedBatch(['pdfjs-comments.pdf'])
    // Another user sees nothing of it.
    const stranger = await createUser(db)
    const other = apiClient(baseUrl, db)
    await other.login(stranger.email, stranger.password)
    expect((await other.json(`/api/batches/${batchId}`)).status).toBe(404)
    expect((await other.fetch(`/batches/${batchId}/download/batch.zip`)).status).toBe(404)
    expect((await other.fetch(`/api/batches/${batchId}`, { method: 'DELETE' })).status).toBe(404)
    expect((await api.fetch(`/api/batches/${batchId}`, { method: 'DELETE' })).status).toBe(200)
    expect((await api.json(`/api/batches/${batchId}`)).status).toBe(404)
    expect(await storedKeys(ids[0])).toHaveLength(0)
  }, 120_000)
})
