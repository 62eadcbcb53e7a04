import { sql } from 'kysely'
import pg from 'pg'
import type { Db } from '#db/client.ts'
import type { Logger } from './logger.server.ts'

export interface LanguageSummary {
  code: string
  name: string
  is_default: boolean
}

interface LanguageState {
  languages: LanguageSummary[]
  defaultCode: string
  /** Changes whenever any translation changes: the browser's translation URLs carry it, so its cached copy is never stale. */
  version: string
}

/** The channel a change to languages or translations is announced on, to every web process. */
export const LANGUAGES_CHANNEL = 'languages_changed'

// Short-lived caches: every request needs them. A change is announced with NOTIFY and every web
// process that listens clears them at once; the TTL stays as the fallback when the listening
// connection is down.
const TTL_MS = 5_000
let languageCache: { at: number; value: Promise<LanguageState> } | undefined
const translationCache = new Map<string, { at: number; value: Promise<Record<string, string>> }>()

export function clearLanguageCaches(): void {
  languageCache = undefined
  translationCache.clear()
}

/** Announces a change to languages or translations; inside a transaction it is delivered on commit. */
export async function notifyLanguagesChanged(db: Db): Promise<void> {
  await sql`SELECT pg_notify(${LANGUAGES_CHANNEL}, '')`.execute(db)
}

/** Active languages, in name order, and the default one. */
export function getLanguageState(db: Db): Promise<LanguageState> {
  if (languageCache && Date.now() - languageCache.at < TTL_MS) return languageCache.value
  const value = Promise.all([
    db.selectFrom('languages').select(['code', 'name', 'is_default']).where('is_active', '=', true).orderBy('name').execute(),
    db
      .selectFrom('translations')
      .select([sql<string>`coalesce(floor(extract(epoch from max(updated_at)) * 1000), 0)::bigint::text`.as('at'), sql<string>`count(*)::text`.as('n')])
      .executeTakeFirstOrThrow(),
  ]).then(([languages, stamp]) => ({
    languages,
    defaultCode: languages.find((l) => l.is_default)?.code ?? 'en',
    version: `${Number(stamp.at).toString(36)}-${Number(stamp.n).toString(36)}`,
  }))
  value.catch(() => (languageCache = undefined))
  languageCache = { at: Date.now(), value }
  return value
}

/** The flat key → text map of one language. */
export function getTranslations(db: Db, code: string): Promise<Record<string, string>> {
  const cached = translationCache.get(code)
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value
  const value = db
    .selectFrom('translations')
    .select(['key', 'value'])
    .where('language_code', '=', code)
    .execute()
    .then((rows) => Object.fromEntries(rows.map((r) => [r.key, r.value])))
  value.catch(() => translationCache.delete(code))
  translationCache.set(code, { at: Date.now(), value })
  return value
}

/**
 * One LISTEN connection per web process: a NOTIFY on LANGUAGES_CHANNEL (sent by whichever process
 * made the change) clears this process's caches. Opened on the first request; after a lost
 * connection it is opened again a little later (the TTL covers the gap).
 */
let listener: { client: pg.Client | null; starting: boolean; databaseUrl: string } | null = null

export function listenForLanguageChanges(databaseUrl: string, logger: Logger): void {
  if (listener) return
  listener = { client: null, starting: false, databaseUrl }
  void connectListener(logger)
}

async function connectListener(logger: Logger): Promise<void> {
  const state = listener
  if (!state || state.client || state.starting) return
  state.starting = true
  const client = new pg.Client({ connectionString: state.databaseUrl, application_name: 'marginalia-languages' })
  const retry = () => {
    state.client = null
    void client.end().catch(() => {})
    setTimeout(() => void connectListener(logger), 5_000).unref()
  }
  client.on('notification', (message) => {
    if (message.channel === LANGUAGES_CHANNEL) clearLanguageCaches()
  })
  client.on('error', (error) => {
    logger.warn({ error: error.message }, 'languages listener lost its connection')
    retry()
  })
  try {
    await client.connect()
    await client.query(`LISTEN ${LANGUAGES_CHANNEL}`)
    // The listener never keeps a process alive on its own.
    ;(client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.()
    state.client = client
    // Whatever changed while no one listened is read afresh.
    clearLanguageCaches()
  } catch (error) {
    logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'languages listener could not connect')
    retry()
  } finally {
    state.starting = false
  }
}

/** Ends the listening connection (tests, shutdown). */
export async function stopListeningForLanguageChanges(): Promise<void> {
  const client = listener?.client
  listener = null
  await client?.end().catch(() => {})
}
