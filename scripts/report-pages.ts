import { spawn, type ChildProcess } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from '@playwright/test'
import { findFreePort } from '#db/embedded.ts'

// `npm run report:pages`: the weight of each public page on a first visit, measured against the
// production build: its HTML, and the JavaScript, CSS and translations a browser loads with it.
// Chromium (Debian's, as the end-to-end tests use) opens each page and the report counts every
// script and translations request it makes until the page has hydrated and the network is idle,
// so modules imported on demand (an /api area's description) count too.
// Budgets: HTML under 50 KB; JavaScript at most 140 KB gzip on content pages and 175 KB on pages
// with a form (React 19 + React Router 8 hydration alone is about 102 KB). It is a gate: it exits 1
// when a page is over budget or does not answer 200 (`npm test` runs it last).
//
//   npm run report:pages                         build, start a server on a fresh database, measure
//   npm run report:pages -- --url https://host   measure a running instance instead

const PAGES = ['/', '/support', '/privacy-policy', '/terms-of-service', '/api', '/login', '/register', '/request-password-reset']

/** The public pages, with one API page per area of the OpenAPI description. */
async function publicPages(baseUrl: string): Promise<string[]> {
  const description = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { tags: { name: string }[] }
  const areas = description.tags.map((tag) => `/api?area=${encodeURIComponent(tag.name)}`)
  return PAGES.flatMap((page) => (page === '/api' ? [page, ...areas] : [page]))
}
const HTML_BUDGET = 50 * 1024
const CONTENT_JS_GZIP_BUDGET = 140 * 1024
const FORM_JS_GZIP_BUDGET = 175 * 1024
/** Pages whose first screen carries a form (the home page has the updates subscription). */
const FORM_PAGES = new Set(['/', '/login', '/register', '/request-password-reset'])
const jsBudgetOf = (page: string) => (FORM_PAGES.has(page) ? FORM_JS_GZIP_BUDGET : CONTENT_JS_GZIP_BUDGET)

interface Weight {
  raw: number
  gzip: number
}

const weigh = (bytes: Uint8Array): Weight => ({ raw: bytes.byteLength, gzip: gzipSync(bytes).byteLength })
const add = (a: Weight, b: Weight): Weight => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip })
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function fetchBytes(url: string): Promise<{ status: number; bytes: Uint8Array }> {
  // Asks for no compression, so that the sizes are the files' own; gzip is computed here.
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) }
}

/** What a browser fetches on a first visit: script URLs and translations URLs, until hydrated and idle. */
async function firstVisit(browser: Browser, url: string): Promise<{ scripts: string[]; texts: string[] }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const scripts = new Set<string>()
  const texts = new Set<string>()
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url())
    else if (new URL(request.url()).pathname.startsWith('/api/translations/')) texts.add(request.url())
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 10_000 })
  await page.waitForLoadState('networkidle')
  await context.close()
  return { scripts: [...scripts], texts: [...texts] }
}

function stylesheetUrls(html: string): string[] {
  return [...new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]))]
}

async function sumOf(baseUrl: string, urls: string[]): Promise<Weight> {
  let total: Weight = { raw: 0, gzip: 0 }
  for (const url of urls) total = add(total, weigh((await fetchBytes(new URL(url, baseUrl).href)).bytes))
  return total
}

/** Prints the table; true when every page answered 200 within its budgets. */
async function measure(baseUrl: string): Promise<boolean> {
  const rows: string[][] = [['page', 'status', 'HTML', 'HTML gzip', 'JS', 'JS gzip', 'JS budget', 'CSS gzip', 'texts gzip', 'verdict']]
  let allAnswered = true
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  try {
    for (const page of await publicPages(baseUrl)) {
      const { status, bytes } = await fetchBytes(baseUrl + page)
      const html = new TextDecoder().decode(bytes)
      const htmlWeight = weigh(bytes)
      const loaded = await firstVisit(browser, baseUrl + page)
      const js = await sumOf(baseUrl, loaded.scripts)
      const css = await sumOf(baseUrl, stylesheetUrls(html))
      const texts = await sumOf(baseUrl, loaded.texts)
      const jsBudget = jsBudgetOf(page)
      const within = htmlWeight.raw < HTML_BUDGET && js.gzip <= jsBudget
      const verdict = `HTML ${htmlWeight.raw < HTML_BUDGET ? 'ok' : 'OVER'}, JS ${js.gzip <= jsBudget ? 'ok' : 'OVER'}`
      if (status !== 200 || !within) allAnswered = false
      rows.push([page, String(status), kb(htmlWeight.raw), kb(htmlWeight.gzip), kb(js.raw), kb(js.gzip), kb(jsBudget), kb(css.gzip), kb(texts.gzip), verdict])
    }
  } finally {
    await browser.close()
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '))
  console.log(
    `\nbudget: HTML < ${kb(HTML_BUDGET)}; JS gzip ≤ ${kb(CONTENT_JS_GZIP_BUDGET)} on content pages, ≤ ${kb(FORM_JS_GZIP_BUDGET)} on form pages (first load in Chromium, on-demand modules included; texts are the translations the page loaded)`,
  )
  return allAnswered
}

async function startServer(): Promise<{ baseUrl: string; server: ChildProcess }> {
  const port = await findFreePort()
  const baseUrl = `http://127.0.0.1:${port}`
  // The end-to-end server: the production build on its own fresh embedded database.
  const server = spawn(process.execPath, ['scripts/e2e-server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: baseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`)
    const healthy = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false)
    if (healthy) return { baseUrl, server }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  server.kill('SIGTERM')
  throw new Error('the server did not become healthy within 120 s')
}

// The verdict is given with process.exit: something loaded with Playwright sets process.exitCode
// back to 0 before the process ends, so an exit code set earlier let a page over budget pass CI.
const urlFlag = process.argv.indexOf('--url')
let ok: boolean
if (urlFlag !== -1) {
  ok = await measure(process.argv[urlFlag + 1].replace(/\/$/, ''))
} else {
  const { baseUrl, server } = await startServer()
  try {
    ok = await measure(baseUrl)
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
}
process.exit(ok ? 0 : 1)
