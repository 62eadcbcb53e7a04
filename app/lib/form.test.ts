import { describe, expect, it } from 'vitest'
import { replyOrFailure } from './form.ts'

const keys = { network: 'network-key', failed: 'failed-key' }

describe('replyOrFailure', () => {
  it('passes the server\'s answer through', async () => {
    const reply = { message: { text: 'Profile updated successfully!', success: true } }
    expect(await replyOrFailure(() => Promise.resolve(reply), keys)).toBe(reply)
  })

  it('lets a redirect through', async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: '/dashboard' } })
    await expect(replyOrFailure(() => Promise.reject(redirect), keys)).rejects.toBe(redirect)
  })

  it('answers a post that never reached the server with the network message', async () => {
    expect(await replyOrFailure(() => Promise.reject(new TypeError('Failed to fetch')), keys)).toEqual({ failure: 'network-key' })
  })

  it('answers a server error with the failure message', async () => {
    expect(await replyOrFailure(() => Promise.reject(new Error('boom')), keys)).toEqual({ failure: 'failed-key' })
  })
})
