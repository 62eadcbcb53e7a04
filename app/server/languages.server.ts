import { sql } from 'kysely'
import type { Db } from '#db/client.ts'
import { listenOnChannel, type ChannelListener } from './channel-listener.server.ts'
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
let listener: ChannelListener | null = null

export function listenForLanguageChanges(databaseUrl: string, logger: Logger): void {
  listener ??= listenOnChannel({
    databaseUrl,
    channel: LANGUAGES_CHANNEL,
    logger,
    onNotification: clearLanguageCaches,
    // Whatever changed while no one listened is read afresh.
    onConnected: clearLanguageCaches,
  })
}

/** Ends the listening connection (tests, shutdown). */
export async function stopListeningForLanguageChanges(): Promise<void> {
  const current = listener
  listener = null
  await current?.stop()
}
