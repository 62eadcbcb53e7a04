import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { languageCookie } from '#app/server/i18n.server.ts'
import { LANGUAGES_CHANNEL } from '#app/server/languages.server.ts'
import { apiClient } from '#tests/helpers/accounts.ts'
import { startTestServer } from '#tests/helpers/server.ts'
import { createUser } from '#tests/helpers/users.ts'

const { baseUrl, db } = await startTestServer()
const api = apiClient(baseUrl)
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

let adminToken = ''
let userToken = ''

async function tokenFor(isAdmin: boolean): Promise<string> {
  const user = await createUser(db, { isAdmin })
  const res = await api('POST', '/api/login', { body: { email: user.email, password: user.password } })
  expect(res.status).toBe(200)
  return res.json.token as string
}

beforeAll(async () => {
  adminToken = await tokenFor(true)
  userToken = await tokenFor(false)
})

async function importFile(bytes: Uint8Array, name: string, type = XLSX) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  const res = await fetch(`${baseUrl}/api/admin/translations/import-excel`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}` },
    body: form,
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

async function exportWorkbook(): Promise<{ workbook: ExcelJS.Workbook; res: Response }> {
  const res = await fetch(`${baseUrl}/api/admin/translations/export-excel`, { headers: { Authorization: `Bearer ${adminToken}` } })
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await res.clone().arrayBuffer())
  return { workbook, res }
}

async function workbookBytes(rows: (string | null)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Sheet1')
  for (const row of rows) sheet.addRow(row)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

async function snapshot(): Promise<Map<string, string>> {
  const rows = await db.selectFrom('translations').select(['language_code', 'key', 'value']).execute()
  return new Map(rows.map((r) => [`${r.language_code}:${r.key}`, r.value]))
}

async function pageIn(language: string, path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Cookie: await languageCookie.serialize(language) } })
  return res.text()
}

async function version(): Promise<string | undefined> {
  return /data-translations-version="([^"]+)"/.exec(await pageIn('de', '/support'))?.[1]
}

/** Polls until `check` holds or `ms` pass; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now()
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`not within ${ms} ms`)
}

describe('admin guard', () => {
  it('answers 401 without a token and 403 to a user who is not an admin', async () => {
    expect((await api('GET', '/api/admin/languages')).status).toBe(401)
    const res = await api('GET', '/api/admin/languages', { token: userToken })
    expect(res.status).toBe(403)
    const exported = await fetch(`${baseUrl}/api/admin/translations/export-excel`, { headers: { Authorization: `Bearer ${userToken}` } })
    expect(exported.status).toBe(403)
  })
})

describe('languages', () => {
  it('lists every language with code, name, is_active and is_default', async () => {
    const res = await api('GET', '/api/admin/languages', { token: adminToken })
    expect(res.status).toBe(200)
    const list = res.json as unknown as { code: string; name: string; is_active: boolean; is_default: boolean }[]
    expect(list[0]).toEqual({ code: 'en', name: 'English', is_active: true, is_default: true })
    expect(list.some((l) => l.code === 'de')).toBe(true)
  })

  it('adds a language, refuses the same code twice, and audits the change', async () => {
    const res = await api('POST', '/api/admin/languages', {
      token: adminToken,
      body: { language_code: 'nl', language_name: 'Nederlands', is_default: false, is_active: true },
    })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: 'Language added successfully' })
    const again = await api('POST', '/api/admin/languages', {
      token: adminToken,
      body: { language_code: 'nl', language_name: 'Nederlands', is_default: false, is_active: true },
    })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe('A language with this code already exists.')
    const audit = await db.selectFrom('audit_logs').select(['action', 'resource_type', 'resource_id']).where('action', '=', 'language_created').execute()
    expect(audit).toEqual([{ action: 'language_created', resource_type: 'language', resource_id: 'nl' }])
    const bad = await api('POST', '/api/admin/languages', { token: adminToken, body: { language_code: '', language_name: 'X' } })
    expect(bad.status).toBe(400)
  })

  it('never changes a code', async () => {
    const res = await api('PUT', '/api/admin/languages/nl', { token: adminToken, body: { code: 'nx', name: 'Nederlands', is_active: true, is_default: false } })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('The code of an existing language cannot be changed.')
    expect(await db.selectFrom('languages').select('code').where('code', '=', 'nx').executeTakeFirst()).toBeUndefined()
  })

  it('keeps exactly one default: setting one clears the other, and the default cannot be unset', async () => {
    const res = await api('PUT', '/api/admin/languages/nl', { token: adminToken, body: { code: 'nl', name: 'Nederlands', is_active: true, is_default: true } })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Language updated successfully' })
    const defaults = await db.selectFrom('languages').select('code').where('is_default', '=', true).execute()
    expect(defaults).toEqual([{ code: 'nl' }])
    const unset = await api('PUT', '/api/admin/languages/nl', { token: adminToken, body: { code: 'nl', name: 'Nederlands', is_active: true, is_default: false } })
    expect(unset.status).toBe(400)
    const back = await api('PUT', '/api/admin/languages/en', { token: adminToken, body: { code: 'en', name: 'English', is_active: true, is_default: true } })
    expect(back.status).toBe(200)
    expect(await db.selectFrom('languages').select('code').where('is_default', '=', true).execute()).toEqual([{ code: 'en' }])
    const listed = await api('GET', '/api/languages')
    expect((listed.json as unknown as { code: string; is_default: boolean }[]).find((l) => l.is_default)?.code).toBe('en')
  })

  it('hides an inactive language from GET /api/languages but keeps its translations', async () => {
    await db.insertInto('translations').values({ language_code: 'nl', key: 'nav.home', value: 'Start' }).execute()
    const res = await api('PUT', '/api/admin/languages/nl', { token: adminToken, body: { code: 'nl', name: 'Nederlands', is_active: false, is_default: false } })
    expect(res.status).toBe(200)
    const languages = (await api('GET', '/api/languages')).json as unknown as { code: string }[]
    expect(languages.map((l) => l.code)).not.toContain('nl')
    expect((await api('GET', '/api/translations/nl')).status).toBe(404)
    const kept = await db.selectFrom('translations').select('value').where('language_code', '=', 'nl').execute()
    expect(kept).toEqual([{ value: 'Start' }])
  })

  it('refuses to delete English with the spec message, and deletes another language with its translations', async () => {
    const en = await api('DELETE', '/api/admin/languages/en', { token: adminToken })
    expect(en.status).toBe(400)
    expect(en.json).toEqual({ message: 'Cannot delete English language' })
    const res = await api('DELETE', '/api/admin/languages/nl', { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Language deleted successfully' })
    expect(await db.selectFrom('translations').select('key').where('language_code', '=', 'nl').execute()).toEqual([])
    expect((await api('DELETE', '/api/admin/languages/nl', { token: adminToken })).status).toBe(404)
    const actions = await db.selectFrom('audit_logs').select('action').where('resource_id', '=', 'nl').orderBy('id').execute()
    expect(actions.map((a) => a.action)).toEqual(['language_created', 'language_updated', 'language_updated', 'language_deleted'])
  })
})

describe('Excel export and import', () => {
  it('exports translations_{date}.xlsx: Translation Key, one column per language code, one row per key, frozen header', async () => {
    const { workbook, res } = await exportWorkbook()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(XLSX)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="translations_${new Date().toISOString().slice(0, 10)}.xlsx"`)
    const sheet = workbook.worksheets[0]
    const header = sheet.getRow(1).values as unknown[]
    expect(header[1]).toBe('Translation Key')
    expect(header[2]).toBe('en')
    expect(header).toContain('de')
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    const keys = await db.selectFrom('translations').select('key').distinct().execute()
    expect(sheet.actualRowCount).toBe(keys.length + 1)
    expect(sheet.getColumn(1).width).toBeGreaterThan(20)
  })

  it('round trip: three edited cells are imported, live on a German page within 5 s, and nothing else changes', async () => {
    const before = await snapshot()
    const { workbook } = await exportWorkbook()
    const sheet = workbook.worksheets[0]
    const header = sheet.getRow(1).values as unknown[]
    const de = header.indexOf('de')
    const edits: Record<string, string> = {
      'nav.support': 'Hilfe und Kontakt',
      'footer.terms': 'Nutzungsbedingungen (neu)',
      'footer.privacy': 'Datenschutz (neu)',
    }
    sheet.eachRow((row, n) => {
      const key = row.getCell(1).text
      if (n > 1 && key in edits) row.getCell(de).value = edits[key]
    })
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer())
    const res = await importFile(bytes, 'translations.xlsx')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ message: 'Translations imported successfully', updated: 3, added: 0, unknown_keys: [], unknown_languages: [] })
    expect(res.json.unchanged).toBeGreaterThan(100)

    const took = await within(5_000, async () => {
      const html = await pageIn('de', '/support')
      return Object.values(edits).every((text) => html.includes(text))
    })
    expect(took).toBeLessThan(5_000)

    const after = await snapshot()
    const changed = [...after].filter(([id, value]) => before.get(id) !== value).map(([id]) => id)
    expect(changed.sort()).toEqual(['de:footer.privacy', 'de:footer.terms', 'de:nav.support'])
    expect(after.size).toBe(before.size)
    const marked = await db.selectFrom('translations').select('key').where('edited_by_admin', '=', true).execute()
    expect(marked.map((m) => m.key).sort()).toEqual(['footer.privacy', 'footer.terms', 'nav.support'])
    expect(await db.selectFrom('audit_logs').select('action').where('action', '=', 'translations_imported').execute()).toHaveLength(1)
  })

  it('never blanks a translation, adds a missing cell of a known key, and reports unknown keys and language columns', async () => {
    await db.insertInto('languages').values({ code: 'nb', name: 'Norsk bokmål', is_active: true, is_default: false }).execute()
    const before = await snapshot()
    const bytes = await workbookBytes([
      ['Translation Key', 'en', 'de', 'nb', 'xx'],
      ['nav.home', '', null, 'Home page', 'zzz'],
      ['no.such.key', 'Nothing', 'Nichts', 'Niente', ''],
    ])
    const res = await importFile(bytes, 'edit.xlsx')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ updated: 0, added: 1, unknown_keys: ['no.such.key'], unknown_languages: ['xx'] })
    const after = await snapshot()
    expect(after.get('en:nav.home')).toBe(before.get('en:nav.home'))
    expect(after.get('nb:nav.home')).toBe('Home page')
    expect([...after.keys()].some((id) => id.endsWith(':no.such.key'))).toBe(false)
  })

  it('refuses what is not a workbook, a workbook without the key column, an old .xls, another file type and a file over 5 MB, changing nothing', async () => {
    const before = await snapshot()
    const cases: [Uint8Array, string, number, string][] = [
      [new TextEncoder().encode('key,en\nnav.home,Home\n'), 'translations.xlsx', 400, 'Import failed: The file is not an Excel workbook.'],
      [await workbookBytes([['Key', 'en'], ['nav.home', 'Start here']]), 'nokey.xlsx', 400, "Import failed: The workbook has no 'Translation Key' column in its first row."],
      [new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), 'old.xls', 400, ''],
      [await workbookBytes([['Translation Key', 'en'], ['nav.home', 'Start here']]), 'translations.csv', 400, ''],
      [new Uint8Array(5 * 1024 * 1024 + 10), 'big.xlsx', 413, ''],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]), 'broken.xlsx', 400, 'Import failed: The file is not an Excel workbook.'],
    ]
    for (const [bytes, name, status, message] of cases) {
      const res = await importFile(bytes, name)
      expect(res.status, name).toBe(status)
      expect(typeof res.json.message).toBe('string')
      if (message) expect(`Import failed: ${res.json.message as string}`).toBe(message)
    }
    const noFile = await fetch(`${baseUrl}/api/admin/translations/import-excel`, { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` }, body: new FormData() })
    expect(noFile.status).toBe(400)
    expect(await snapshot()).toEqual(before)
    // The server is still there.
    expect((await api('GET', '/api/languages')).status).toBe(200)
  })
})

describe('refresh across processes', () => {
  it('a NOTIFY from elsewhere clears the cached translations well before the 5 s TTL', async () => {
    const first = await api('GET', '/api/translations/de')
    expect(first.json['nav.home']).toBeDefined()
    // Another process's change: the row and the notification, not through this server.
    await db.updateTable('translations').set({ value: 'Startseite (von anderswo)' }).where('language_code', '=', 'de').where('key', '=', 'nav.home').execute()
    await sql`SELECT pg_notify(${LANGUAGES_CHANNEL}, '')`.execute(db)
    const took = await within(2_000, async () => (await api('GET', '/api/translations/de')).json['nav.home'] === 'Startseite (von anderswo)')
    expect(took).toBeLessThan(2_000)
  })

  it('the page carries a translations version that changes with a translation', async () => {
    const before = await version()
    expect(before).toBeTruthy()
    await db.updateTable('translations').set({ value: 'Support', updated_at: sql`now()` }).where('language_code', '=', 'de').where('key', '=', 'nav.support').execute()
    await sql`SELECT pg_notify(${LANGUAGES_CHANNEL}, '')`.execute(db)
    await within(5_000, async () => (await version()) !== before)
  })
})
