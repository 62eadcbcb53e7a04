import { MaxFileSizeExceededError, MaxFilesExceededError, parseFormData, type FileUpload } from '@remix-run/form-data-parser'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { recordAudit } from '#app/server/admin.server.ts'
import { clearLanguageCaches, notifyLanguagesChanged } from '#app/server/languages.server.ts'
import type { Db } from '#db/client.ts'
import type { Actor } from './mutations.server.ts'
import { listLanguages } from './queries.server.ts'
import { KEY_COLUMN, MAX_IMPORT_BYTES } from './schema.ts'

/** `translations_{date}.xlsx`, the date as YYYY-MM-DD (UTC). */
export function exportFilename(now = new Date()): string {
  return `translations_${now.toISOString().slice(0, 10)}.xlsx`
}

/**
 * The workbook: 'Translation Key' in column A, one column per language headed by its code
 * (English first), one row per key any language has, the header row frozen.
 */
export async function exportWorkbook(db: Db): Promise<Buffer> {
  const [languages, rows] = await Promise.all([
    listLanguages(db),
    db.selectFrom('translations').select(['language_code', 'key', 'value']).execute(),
  ])
  const byKey = new Map<string, Map<string, string>>()
  for (const row of rows) {
    let values = byKey.get(row.key)
    if (!values) byKey.set(row.key, (values = new Map()))
    values.set(row.language_code, row.value)
  }
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Marginalia'
  workbook.created = new Date()
  const sheet = workbook.addWorksheet('Translations', { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] })
  sheet.columns = [
    { header: KEY_COLUMN, key: 'key', width: 44 },
    ...languages.map((l) => ({ header: l.code, key: l.code, width: 48, style: { alignment: { wrapText: true, vertical: 'top' as const } } })),
  ]
  sheet.getRow(1).font = { bold: true }
  for (const key of [...byKey.keys()].sort()) {
    const values = byKey.get(key)!
    sheet.addRow([key, ...languages.map((l) => values.get(l.code) ?? '')])
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: languages.length + 1 } }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

export interface ImportSummary {
  updated: number
  unchanged: number
  added: number
  unknownKeys: string[]
  unknownLanguages: string[]
}

/** A file that cannot be imported: the i18n key of the reason, and the HTTP status. */
export class ImportError extends Error {
  readonly key: string
  readonly status: number
  readonly values: Record<string, string>
  constructor(key: string, status = 400, values: Record<string, string> = {}) {
    super(key)
    this.key = key
    this.status = status
    this.values = values
  }
}

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b)

/** The text of a cell as a person sees it: rich text joined, a formula's result, numbers as written. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  try {
    return cell.text ?? ''
  } catch {
    return ''
  }
}

async function readWorkbook(bytes: Uint8Array, filename: string): Promise<ExcelJS.Workbook> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new ImportError('adminTranslations.error.tooLarge', 413)
  if (!/\.xlsx?$/i.test(filename)) throw new ImportError('adminTranslations.error.fileType')
  // exceljs reads the Office Open XML workbook (.xlsx), not Excel 97–2003's binary .xls.
  if (startsWith(bytes, OLE2)) throw new ImportError('adminTranslations.error.legacyXls')
  if (!startsWith(bytes, ZIP)) throw new ImportError('adminTranslations.error.notWorkbook')
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw new ImportError('adminTranslations.error.notWorkbook')
  }
  return workbook
}

/**
 * Imports a workbook in one transaction. Only cells whose text differs are written (marked as an
 * admin's edit, so the seed never overwrites them); an empty cell never blanks a translation; a
 * key the product does not have, or a column that is not a language, is reported and not stored.
 */
export async function importWorkbook(db: Db, bytes: Uint8Array, filename: string, actor: Actor): Promise<ImportSummary> {
  const workbook = await readWorkbook(bytes, filename)
  let sheet: ExcelJS.Worksheet | undefined
  let keyColumn = 0
  for (const candidate of workbook.worksheets) {
    const header = candidate.getRow(1)
    for (let c = 1; c <= candidate.columnCount; c++) {
      if (cellText(header.getCell(c)).trim().toLowerCase() === KEY_COLUMN.toLowerCase()) {
        sheet = candidate
        keyColumn = c
        break
      }
    }
    if (sheet) break
  }
  if (!sheet) throw new ImportError('adminTranslations.error.noKeyColumn')

  const languages = new Set((await listLanguages(db)).map((l) => l.code))
  const columns: { index: number; code: string }[] = []
  const unknownLanguages: string[] = []
  const header = sheet.getRow(1)
  for (let c = 1; c <= sheet.columnCount; c++) {
    if (c === keyColumn) continue
    const text = cellText(header.getCell(c)).trim()
    if (!text) continue
    const code = [...languages].find((l) => l.toLowerCase() === text.toLowerCase())
    if (code && !columns.some((col) => col.code === code)) columns.push({ index: c, code })
    else if (!code) unknownLanguages.push(text)
  }

  const existing = new Map<string, string>()
  const productKeys = new Set<string>()
  for (const row of await db.selectFrom('translations').select(['language_code', 'key', 'value']).execute()) {
    existing.set(`${row.language_code}\u0000${row.key}`, row.value)
    productKeys.add(row.key)
  }

  const writes = new Map<string, { language_code: string; key: string; value: string }>()
  const unknownKeys = new Set<string>()
  let unchanged = 0
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return
    const key = cellText(row.getCell(keyColumn)).trim()
    if (!key) return
    if (!productKeys.has(key)) {
      unknownKeys.add(key)
      return
    }
    for (const column of columns) {
      const value = cellText(row.getCell(column.index))
      if (value.trim() === '') continue
      const id = `${column.code}\u0000${key}`
      if (existing.get(id) === value) unchanged++
      else writes.set(id, { language_code: column.code, key, value })
    }
  })
  const all = [...writes.entries()]
  const added = all.filter(([id]) => !existing.has(id)).length
  const summary: ImportSummary = {
    updated: all.length - added,
    unchanged,
    added,
    unknownKeys: [...unknownKeys].sort(),
    unknownLanguages,
  }

  await db.transaction().execute(async (trx) => {
    const values = all.map(([, v]) => v)
    // One statement for the whole file: three arrays unnested, upserted.
    if (values.length > 0) {
      await sql`
        INSERT INTO translations (language_code, key, value, edited_by_admin)
        SELECT language_code, key, value, true
        FROM unnest(${values.map((v) => v.language_code)}::text[], ${values.map((v) => v.key)}::text[], ${values.map((v) => v.value)}::text[])
          AS cell(language_code, key, value)
        ON CONFLICT (language_code, key) DO UPDATE SET value = excluded.value, edited_by_admin = true, updated_at = now()
      `.execute(trx)
    }
    await recordAudit(trx, {
      adminUserId: actor.adminUserId,
      action: 'translations_imported',
      resourceType: 'translations',
      resourceId: null,
      ipAddress: actor.ipAddress,
      details: {
        filename,
        updated: summary.updated,
        unchanged: summary.unchanged,
        added: summary.added,
        unknown_keys: summary.unknownKeys.length,
        unknown_languages: summary.unknownLanguages,
        cells: values.slice(0, 200).map((v) => `${v.language_code}:${v.key}`),
      },
    })
    if (values.length > 0) await notifyLanguagesChanged(trx)
  })
  if (all.length > 0) clearLanguageCaches()
  return summary
}

export interface ImportUpload {
  form: FormData
  file: { name: string; bytes: Uint8Array } | null
}

/** Reads a multipart post with the workbook in field `file` (at most 5 MB, kept in memory). */
export async function parseImportForm(request: Request): Promise<ImportUpload> {
  let file: ImportUpload['file'] = null
  try {
    const form = await parseFormData(request, { maxFiles: 1, maxFileSize: MAX_IMPORT_BYTES, maxParts: 20 }, async (upload: FileUpload) => {
      if (upload.fieldName !== 'file' || !upload.name) return undefined
      file = { name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) }
      return undefined
    })
    return { form, file }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw new ImportError('adminTranslations.error.tooLarge', 413)
    if (error instanceof MaxFilesExceededError) throw new ImportError('adminTranslations.error.oneFile')
    throw new ImportError('adminTranslations.error.unreadableUpload')
  }
}
