import type { Db } from '#db/client.ts'
import { newSecret } from '#app/server/tokens.server.ts'

export const GOOD_PASSWORD = 'Correct-Horse1!'

/** An invitation as an admin would issue it; options make it bound, used, expired or an admin's. */
export async function createInvitation(
  db: Db,
  options: { email?: string; grantsAdmin?: boolean; used?: boolean; expiresInMs?: number } = {},
): Promise<string> {
  const code = newSecret(12)
  await db
    .insertInto('invitations')
    .values({
      code,
      email: options.email ?? null,
      grants_admin: options.grantsAdmin ?? false,
      used: options.used ?? false,
      expires_at: new Date(Date.now() + (options.expiresInMs ?? 7 * 86_400_000)),
    })
    .execute()
  return code
}

/** A JSON call as an API client makes it: no Origin header, an optional bearer token. */
export function apiClient(baseUrl: string) {
  return async (method: string, path: string, options: { body?: unknown; token?: string; raw?: string } = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (options.body !== undefined || options.raw !== undefined) headers['Content-Type'] = 'application/json'
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    })
    const text = await res.text()
    let json: Record<string, unknown> = {}
    try {
      json = JSON.parse(text) as Record<string, unknown>
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`)
    }
    return { status: res.status, json, headers: res.headers }
  }
}
