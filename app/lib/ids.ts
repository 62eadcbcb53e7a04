/** Checks of ids from URLs and forms before they reach SQL, where a malformed one is an error, not "not found". */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A document (or other row) id as PostgreSQL's uuid type reads it. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

/** The largest value of PostgreSQL's integer (serial) columns. */
export const INT4_MAX = 2_147_483_647

/** A serial id (reference style, colour category): a positive integer PostgreSQL's integer can hold. */
export function isSerialId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT4_MAX
}
