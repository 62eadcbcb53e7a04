/**
 * The admin figures are exact SQL over the whole tables, which takes a few hundred milliseconds at
 * 100k documents; a page view reuses the figures computed in the last FRESH_MS in this process,
 * and one a little older is served while a single recomputation runs behind it. The pages' Refresh
 * (`?refresh=1`) always recomputes. See docs/decisions.md (Admin area).
 */
const FRESH_MS = 30_000
const STALE_MS = 5 * 60_000

interface Entry<T> {
  at: number
  value?: T
  pending?: Promise<T>
}

const entries = new Map<string, Entry<unknown>>()

export async function cachedFigures<T>(key: string, compute: () => Promise<T>, options: { refresh?: boolean } = {}): Promise<{ value: T; computedAt: Date }> {
  const entry = entries.get(key) as Entry<T> | undefined
  const now = Date.now()
  const start = () => {
    const pending = compute().then(
      (value) => {
        entries.set(key, { at: Date.now(), value })
        return value
      },
      (error: unknown) => {
        const current = entries.get(key)
        if (current) current.pending = undefined
        throw error
      },
    )
    entries.set(key, { ...(entry ?? { at: 0 }), pending })
    return pending
  }
  if (!options.refresh && entry?.value !== undefined) {
    const age = now - entry.at
    if (age < FRESH_MS) return { value: entry.value, computedAt: new Date(entry.at) }
    if (age < STALE_MS) {
      if (!entry.pending) start().catch(() => undefined)
      return { value: entry.value, computedAt: new Date(entry.at) }
    }
  }
  const value = await (options.refresh || !entry?.pending ? start() : entry.pending)
  return { value, computedAt: new Date((entries.get(key)?.at as number | undefined) ?? Date.now()) }
}

/** For tests: forget every cached figure. */
export function clearFigureCache(): void {
  entries.clear()
}
