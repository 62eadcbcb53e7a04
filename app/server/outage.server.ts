import { existsSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { LANGUAGE_COOKIE } from '#app/lib/i18n.ts'
import type { Db } from '#db/client.ts'
import { readLocale, readSeedLanguages } from '#db/seed.ts'

/** Seconds a client is asked to wait (Retry-After) while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 5

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Client was closed/i,
  /the database system is (shutting down|starting up|in recovery mode|not yet accepting connections)/i,
  /terminating connection/i,
  /connect ECONNREFUSED/i,
]

/**
 * True for an error that means "the database cannot be reached" rather than "this query is
 * wrong": refused or dropped connections, and PostgreSQL's shutdown, startup and connection
 * exception codes (57P01-57P03, class 08).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  if (CONNECTION_CODES.has(code) || /^57P0[123]$/.test(code) || code.startsWith('08')) return true
  const message = typeof e.message === 'string' ? e.message : ''
  if (CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true
  return e.cause !== undefined && e.cause !== error && isDatabaseUnavailable(e.cause)
}

/** False only when the database cannot be reached (a slow or failing query still counts as an answer). */
export async function databaseAnswers(db: Db, timeoutMs = 1_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      sql`SELECT 1`.execute(db),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs)
      }),
    ])
    return true
  } catch (error) {
    return !isDatabaseUnavailable(error)
  } finally {
    clearTimeout(timer)
  }
}

interface OutageTexts {
  title: string
  body: string
  retry: string
}

const FALLBACK: OutageTexts = { title: 'Marginalia is briefly unavailable', body: 'Please try again in a moment.', retry: 'Try again' }

/** `locales/` beside the app: found from this module's folder, as source (app/server) or bundled (build/server). */
function findLocalesDir(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'locales')
    if (existsSync(path.join(candidate, 'languages.json'))) return candidate
    if (path.dirname(dir) === dir) return path.resolve('locales')
  }
}

let loading: Promise<{ defaultCode: string; texts: Map<string, OutageTexts> }> | undefined

/**
 * The outage page's texts in every seeded language: the seed translations from `locales/`
 * (error.unavailable.*), read once, since the translations table is out of reach in an outage.
 */
function outageTexts() {
  loading ??= (async () => {
    const localesDir = findLocalesDir()
    const languages = await readSeedLanguages(localesDir)
    const texts = new Map<string, OutageTexts>()
    for (const language of languages) {
      const locale = await readLocale(language.code, localesDir)
      texts.set(language.code, {
        title: locale['error.unavailable.title'] ?? FALLBACK.title,
        body: locale['error.unavailable.body'] ?? FALLBACK.body,
        retry: locale['error.unavailable.retry'] ?? FALLBACK.retry,
      })
    }
    return { defaultCode: languages.find((l) => l.is_default)?.code ?? 'en', texts }
  })()
  loading.catch(() => (loading = undefined))
  return loading
}

/** Loads the texts ahead of time, so the first outage does not need the disk. */
export async function preloadOutageTexts(): Promise<void> {
  await outageTexts()
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The language cookie's value as react-router's createCookie writes it (base64 JSON), or the raw value. */
function cookieLanguage(header: string | null | undefined): string | null {
  const raw = header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1)
  if (!raw) return null
  try {
    const value = decodeURIComponent(raw)
    const decoded = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown
    return typeof decoded === 'string' ? decoded : null
  } catch {
    return null
  }
}

/**
 * The answer while the database is out of reach: 503 with Retry-After, `{ message }` under /api,
 * else a small friendly page in the visitor's language (their language cookie, else the seed
 * default) that links back to the page they asked for.
 */
export async function outageResponse(request: { url: string; cookie: string | null | undefined; nonce?: string }): Promise<Response> {
  const { defaultCode, texts } = await outageTexts().catch(() => ({ defaultCode: 'en', texts: new Map<string, OutageTexts>() }))
  const preferred = cookieLanguage(request.cookie)
  const code = preferred && texts.has(preferred) ? preferred : defaultCode
  const text = texts.get(code) ?? FALLBACK
  const url = new URL(request.url, 'http://localhost')
  const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' }
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    return Response.json({ message: `${text.title}. ${text.body}` }, { status: 503, headers })
  }
  const back = escapeHtml(`${url.pathname}${url.search}`)
  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(code)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(text.title)}</title>
<style nonce="${escapeHtml(request.nonce ?? '')}">
body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}
a{color:#0b6e6e}
</style>
</head>
<body>
<main id="main">
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.body)}</p>
<p><a href="${back}">${escapeHtml(text.retry)}</a></p>
</main>
</body>
</html>
`
  return new Response(html, { status: 503, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } })
}
