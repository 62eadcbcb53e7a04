/**
 * PDF date strings ("D:20240625182216-07'00'") to ISO 8601. Producers get the format wrong in
 * many ways (missing D:, missing apostrophes, "Z00'00'", time zones like "+2'00"), so parsing
 * is lenient: whatever prefix is well formed is used, and nonsense gives null.
 */
const PDF_DATE = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*([Zz+-])?\s*(\d{1,2})?'?\s*(\d{2})?'?/

export function pdfDateToIso(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const match = PDF_DATE.exec(value.trim())
  if (!match) {
    const parsed = Date.parse(value)
    return Number.isNaN(parsed) ? null : new Date(parsed).toISOString()
  }
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, tzh, tzm] = match
  const fields = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)]
  if (fields[1] < 1 || fields[1] > 12 || fields[2] < 1 || fields[2] > 31 || fields[3] > 23 || fields[4] > 59 || fields[5] > 59) return null
  let utc = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5])
  if (sign === '+' || sign === '-') {
    const offsetMinutes = Number(tzh ?? 0) * 60 + Number(tzm ?? 0)
    if (offsetMinutes <= 14 * 60) utc -= (sign === '+' ? 1 : -1) * offsetMinutes * 60_000
  }
  const date = new Date(utc)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
