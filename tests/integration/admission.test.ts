import { describe, expect, it } from 'vitest'
import { startTestServer } from '#tests/helpers/server.ts'

// Past MAX_CONCURRENT_REQUESTS a web process answers 503 at once instead of queueing (server/admission.ts).
const { baseUrl } = await startTestServer({ MAX_CONCURRENT_REQUESTS: '2', PAGE_CACHE_SECONDS: '0' })

describe('admission control', () => {
  it('sheds what it cannot take with 503 and Retry-After, and serves the rest', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${baseUrl}/support`)))
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2)
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true)
    const shed = answers.find((res) => res.status === 503)
    expect(shed?.headers.get('retry-after')).toBe('1')
    await Promise.all(answers.map((res) => res.text()))
    const calm = await fetch(`${baseUrl}/support`)
    expect(calm.status).toBe(200)
  })

  it('answers API calls it sheds with a JSON message', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${baseUrl}/api/languages`)))
    const shed = answers.find((res) => res.status === 503)
    expect(shed).toBeDefined()
    expect(await shed?.json()).toEqual({ message: 'Marginalia is busy right now. Please try again in a moment.' })
    await Promise.all(answers.filter((res) => res !== shed).map((res) => res.text()))
  })
})
