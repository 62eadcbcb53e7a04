import { expect } from 'vitest'
import type { Db } from '#db/client.ts'
import { createUser } from './users.ts'

/** Signs in through the form (a browser without JavaScript) and returns the session cookie. */
export async function pageLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  })
  expect(res.status).toBe(302)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}

/** Signs in through POST /api/login and returns the bearer token. */
export async function apiLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** An admin and a plain user, each with a page cookie and an API token. */
export async function adminAndUser(baseUrl: string, db: Db) {
  const admin = await createUser(db, { email: `admin-${Date.now()}@example.org`, isAdmin: true })
  const user = await createUser(db, { email: `user-${Date.now()}@example.org` })
  return {
    admin: { ...admin, cookie: await pageLogin(baseUrl, admin.email, admin.password), token: await apiLogin(baseUrl, admin.email, admin.password) },
    user: { ...user, cookie: await pageLogin(baseUrl, user.email, user.password), token: await apiLogin(baseUrl, user.email, user.password) },
  }
}

export function pageClient(baseUrl: string) {
  return {
    get: (path: string, cookie = '') => fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} }),
    post: (path: string, fields: Record<string, string>, cookie = '') =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(fields),
      }),
  }
}
