import { expect } from 'vitest'
import type { Db } from '#db/client.ts'
import { corpusFile } from './corpus.ts'

/** The language picker's cookie, as React Router's createCookie encodes it (base64 JSON). */
export function languageCookie(code: string): string {
  return `preferred_language=${encodeURIComponent(Buffer.from(JSON.stringify(code)).toString('base64'))}`
}

/** An API client for one user of a test server: sign-in, upload a batch, categorize, wait for completion. */
export function apiClient(baseUrl: string, db: Db) {
  let token = ''
  const headers = () => ({ Authorization: `Bearer ${token}` })
  const client = {
    get token() {
      return token
    },
    async login(email: string, password: string) {
      const res = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })
      expect(res.status).toBe(200)
      token = ((await res.json()) as { token: string }).token
    },
    fetch(path: string, init: RequestInit = {}) {
      return fetch(path.startsWith('http') ? path : `${baseUrl}${path}`, { ...init, headers: { ...headers(), ...init.headers } })
    },
    async json(path: string, init: RequestInit = {}) {
      const res = await client.fetch(path, init)
      return { status: res.status, body: (await res.json()) as Record<string, any> }
    },
    async waitFor(id: string, status: string) {
      const deadline = Date.now() + 90_000
      for (;;) {
        const { body } = await client.json(`/api/documents/${id}`)
        if (body.uploadStatus === status) return body
        if (Date.now() > deadline) throw new Error(`still ${body.uploadStatus}`)
        await new Promise((r) => setTimeout(r, 150))
      }
    },
    /** Uploads corpus PDFs as one batch, maps the first colour of each to Reference and the rest to Key finding, waits for completion. */
    async completedBatch(files: string[], options: { language?: string } = {}) {
      const apa = await db.selectFrom('reference_styles').select('id').where('slug', '=', 'apa').executeTakeFirstOrThrow()
      const categories = await db.selectFrom('color_categories').select(['id', 'name']).execute()
      const byName = new Map(categories.map((c) => [c.name, c.id]))
      const batchId = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
      const ids: string[] = []
      for (const name of files) {
        const form = new FormData()
        form.append('reference_style_id', String(apa.id))
        form.append('batch_id', batchId)
        form.append('pdf_file', new Blob([new Uint8Array(await corpusFile(name))], { type: 'application/pdf' }), name)
        const res = await client.fetch('/api/upload', { method: 'POST', body: form })
        expect(res.status).toBe(201)
        ids.push(((await res.json()) as { document_id: string }).document_id)
      }
      const colors = new Set<string>()
      for (const id of ids) for (const hex of (await client.waitFor(id, 'raw_annotations_inserted')).extractedColorsJson as string[]) colors.add(hex)
      const selected = [...colors].map((hex, i) => {
        const name = i === 0 ? 'Reference' : i % 2 ? 'Key finding' : 'Method'
        return { hex, category_id: byName.get(name), category_name: name }
      })
      for (const id of ids) {
        const submit = await client.fetch('/api/submit-extraction', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(options.language ? { Cookie: languageCookie(options.language) } : {}) },
          body: JSON.stringify({ document_id: id, selected_categorizations: selected }),
        })
        expect(submit.status).toBe(200)
      }
      const documents = []
      for (const id of ids) documents.push(await client.waitFor(id, 'completed'))
      return { batchId, ids, documents }
    },
  }
  return client
}
