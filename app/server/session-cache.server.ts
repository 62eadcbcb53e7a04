import type { Db } from '#db/client.ts'
import { listenOnChannel, type ChannelListener } from './channel-listener.server.ts'
import type { Logger } from './logger.server.ts'

const KINDS = ['browser', 'api'] as const

/** The cache key of a session: its kind and the hash of its secret. */
export function sessionKey(kind: (typeof KINDS)[number], idHash: string): string {
  return `${kind}:${idHash}`
}

/** Where the database announces a changed session ('s:' + its id hash) or user ('u:' + id): migration 0006. */
const SESSIONS_CHANNEL = 'sessions_changed'
const TTL_MS = 60_000
const MAX_ENTRIES = 10_000

interface Entry<User> {
  user: User
  until: number
}

/**
 * A web process's memory of which signed-in user a session secret belongs to, so that a signed-in
 * page costs no session query. It is used only while its LISTEN connection is up: the database
 * announces every change to a session or a user on commit (triggers of migration 0006, whatever
 * path made the change), and the entry goes at once. After a lost connection the memory is
 * cleared, since what changed meanwhile was not heard. An entry lives at most a minute and never
 * past its session's expiry.
 */
export class SessionCache<User extends { id: string }> {
  readonly #entries = new Map<string, Entry<User>>()
  readonly #keysByUser = new Map<string, Set<string>>()
  readonly #listener: ChannelListener
  // Counts what was heard: a look-up that a change overtook is not remembered.
  #generation = 0

  constructor(options: { databaseUrl: string; logger: Logger }) {
    this.#listener = listenOnChannel({
      databaseUrl: options.databaseUrl,
      channel: SESSIONS_CHANNEL,
      logger: options.logger,
      onNotification: (payload) => this.#forget(payload),
      onConnected: () => this.#forgetAll(),
    })
  }

  get generation(): number {
    return this.#generation
  }

  get(key: string): User | undefined {
    if (!this.#listener.connected) return undefined
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (entry.until <= Date.now()) {
      this.#delete(key)
      return undefined
    }
    return entry.user
  }

  /** Remembers a look-up's answer unless something changed since `generation` was read before it. */
  remember(key: string, user: User, expiresAt: Date, generation: number): void {
    if (!this.#listener.connected || generation !== this.#generation) return
    if (this.#entries.size >= MAX_ENTRIES) this.#delete(this.#entries.keys().next().value as string)
    this.#entries.set(key, { user, until: Math.min(Date.now() + TTL_MS, expiresAt.getTime()) })
    const keys = this.#keysByUser.get(user.id) ?? new Set<string>()
    keys.add(key)
    this.#keysByUser.set(user.id, keys)
  }

  /**
   * After a change made by this process (any request that is not a GET or HEAD), everything is
   * forgotten: the announcement of what it changed may come back a moment after the next request.
   */
  clear(): void {
    this.#forgetAll()
  }

  async stop(): Promise<void> {
    await this.#listener.stop()
    this.#forgetAll()
  }

  #forget(payload: string): void {
    this.#generation += 1
    const id = payload.slice(2)
    if (payload.startsWith('s:')) for (const kind of KINDS) this.#delete(sessionKey(kind, id))
    else if (payload.startsWith('u:')) for (const key of this.#keysByUser.get(id) ?? []) this.#delete(key)
    else this.#forgetAll()
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    const keys = this.#keysByUser.get(entry.user.id)
    keys?.delete(key)
    if (keys?.size === 0) this.#keysByUser.delete(entry.user.id)
  }

  #forgetAll(): void {
    this.#generation += 1
    this.#entries.clear()
    this.#keysByUser.clear()
  }
}

const caches = new WeakMap<Db, SessionCache<{ id: string }>>()

/**
 * A web process keeps session look-ups made with `db` in memory until `stop`. The HTTP server calls
 * this through the build's entry module (app/entry.server.tsx), so that it reaches the same module
 * the routes use.
 */
export function cacheSessionsOf(db: Db, options: { databaseUrl: string; logger: Logger }): { clear: () => void; stop: () => Promise<void> } {
  const cache = new SessionCache<{ id: string }>(options)
  caches.set(db, cache)
  return {
    clear: () => cache.clear(),
    stop: async () => {
      if (caches.get(db) === cache) caches.delete(db)
      await cache.stop()
    },
  }
}

export function sessionCacheOf<User extends { id: string }>(db: Db): SessionCache<User> | undefined {
  return caches.get(db) as SessionCache<User> | undefined
}
