import { describe, expect, it } from 'vitest'
import { startTestServer } from '#tests/helpers/server.ts'

// server/admission.ts: REQUEST_CONCURRENCY requests are worked on at once and the rest wait in
// arrival order; past MAX_CONCURRENT_REQUESTS admitted, or after REQUEST_MAX_WAIT_MS waiting, 503.
// Uploads and files made on request take no slot.
const shedding = await startTestServer({ MAX_CONCURRENT_REQUESTS: '2', PAGE_CACHE_SECONDS: '0' })
const queueing = await startTestServer({ MAX_CONCURRENT_REQUESTS: '256', REQUEST_CONCURRENCY: '1', PAGE_CACHE_SECONDS: '0' })
const impatient = await startTestServer({ REQUEST_CONCURRENCY: '1', REQUEST_MAX_WAIT_MS: '1', PAGE_CACHE_SECONDS: '0' })

const BUSY = 'Marginalia is busy right now. Please try again in a moment.'

describe('admission control', () => {
  it('sheds what it cannot take with 503 and Retry-After, and serves the rest', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${shedding.baseUrl}/support`)))
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2)
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true)
    const shed = answers.find((res) => res.status === 503)
    expect(shed?.headers.get('retry-after')).toBe('1')
    const bodies = await Promise.all(answers.map((res) => res.text()))
    expect(bodies[answers.indexOf(shed as Response)]).toBe(BUSY)
    const calm = await fetch(`${shedding.baseUrl}/support`)
    expect(calm.status).toBe(200)
  })

  it('answers API calls it sheds with a JSON message', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${shedding.baseUrl}/api/languages`)))
    const shed = answers.find((res) => res.status === 503)
    expect(shed).toBeDefined()
    expect(await shed?.json()).toEqual({ message: BUSY })
    await Promise.all(answers.filter((res) => res !== shed).map((res) => res.text()))
  })

  it('queues what it admits beyond its concurrency and answers every request', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${queueing.baseUrl}/${i % 2 ? 'support' : 'api/languages'}`)),
    )
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 40 }, () => 200))
    const bodies = await Promise.all(answers.map((res) => res.text()))
    expect(bodies.every((body) => body.length > 0)).toBe(true)
  })

  it('answers 503 to a request that waited longer than REQUEST_MAX_WAIT_MS, and serves again after', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${impatient.baseUrl}/support`)))
    const statuses = answers.map((res) => res.status)
    expect(statuses).toContain(200)
    expect(statuses).toContain(503)
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true)
    await Promise.all(answers.map((res) => res.text()))
    expect((await fetch(`${impatient.baseUrl}/support`)).status).toBe(200)
  })

  it('lets files made on request (downloads, exports) through without waiting for a slot', async () => {
    const paths = ['/documents/00000000-0000-4000-8000-000000000000/download/notes.txt', '/account-settings/export', '/admin/analytics/export']
    const answers = await Promise.all(Array.from({ length: 21 }, (_, i) => fetch(`${impatient.baseUrl}${paths[i % 3]}`, { redirect: 'manual' })))
    await Promise.all(answers.map((res) => res.arrayBuffer()))
    expect(answers.map((res) => res.status)).not.toContain(503)
  })
})
