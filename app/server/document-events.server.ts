import pg from 'pg'
import { STATUS_CHANNEL, type StatusChange } from '#app/features/documents/transitions.server.ts'
import type { Logger } from './logger.server.ts'

type Listener = (change: StatusChange) => void

export interface Subscriber {
  /** Each status change of the user's documents, as it commits. */
  change: Listener
  /**
   * Called after the LISTEN connection came back from a loss: changes committed meanwhile were
   * not notified, so the stream re-reads them (from the history table) itself.
   */
  resync: () => void
}

/** Reconnection delays: quick at first, at most a couple of seconds apart, forever. */
const BACKOFF_MS = [100, 250, 500, 1_000, 2_000]

/**
 * One LISTEN connection per web process, fanned out to the open status streams by user. The
 * connection is opened on the first subscription; when it is lost (a database restart), it is
 * re-opened with backoff and LISTEN re-issued, and every open stream is told to re-read what it
 * may have missed, so nothing committed meanwhile is lost.
 */
class DocumentEventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>()
  private client: pg.Client | null = null
  private connecting: Promise<void> | null = null
  private reconnectTimer: NodeJS.Timeout | null = null
  private attempt = 0
  private lost = false
  private closed = false
  private readonly databaseUrl: string
  private readonly logger: Logger

  constructor(databaseUrl: string, logger: Logger) {
    this.databaseUrl = databaseUrl
    this.logger = logger
  }

  async subscribe(userId: string, subscriber: Subscriber | Listener): Promise<() => void> {
    const entry: Subscriber = typeof subscriber === 'function' ? { change: subscriber, resync: () => {} } : subscriber
    let set = this.subscribers.get(userId)
    if (!set) this.subscribers.set(userId, (set = new Set()))
    set.add(entry)
    this.closed = false
    const unsubscribe = () => {
      set.delete(entry)
      if (set.size === 0 && this.subscribers.get(userId) === set) this.subscribers.delete(userId)
    }
    try {
      await this.connect()
    } catch (error) {
      unsubscribe()
      throw error
    }
    return unsubscribe
  }

  /** True while the LISTEN connection is up (for tests and health). */
  get listening(): boolean {
    return this.client !== null
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve()
    this.connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.databaseUrl,
        application_name: 'marginalia-events',
        keepAlive: true,
        connectionTimeoutMillis: 5_000,
      })
      let dropped = false
      const drop = (reason: string) => {
        if (dropped) return
        dropped = true
        if (this.client === client) this.client = null
        void client.end().catch(() => {})
        if (this.closed) return
        this.logger.warn({ reason }, 'status listener lost its connection; reconnecting')
        this.lost = true
        this.scheduleReconnect()
      }
      client.on('notification', (message) => {
        if (message.channel !== STATUS_CHANNEL || !message.payload) return
        let change: StatusChange
        try {
          change = JSON.parse(message.payload) as StatusChange
        } catch {
          return
        }
        for (const subscriber of this.subscribers.get(change.userId) ?? []) subscriber.change(change)
      })
      client.on('error', (error) => drop(error.message))
      client.on('end', () => drop('connection ended'))
      try {
        await client.connect()
        await client.query(`LISTEN ${STATUS_CHANNEL}`)
      } catch (error) {
        dropped = true
        void client.end().catch(() => {})
        throw error
      }
      this.client = client
      this.attempt = 0
      if (this.lost) {
        this.lost = false
        this.logger.info('status listener reconnected')
        // Changes committed while the connection was down were never notified to this process.
        for (const set of this.subscribers.values()) for (const subscriber of set) subscriber.resync()
      }
    })().finally(() => {
      this.connecting = null
    })
    return this.connecting
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closed) return
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]
    this.attempt++
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      if (this.closed || this.client) return
      // With no stream open, the next subscription connects on demand.
      if (this.subscribers.size === 0) {
        this.lost = false
        this.attempt = 0
        return
      }
      this.connect().catch((error: Error) => {
        this.logger.debug({ error: error.message }, 'status listener could not reconnect yet')
        this.scheduleReconnect()
      })
    }, delay)
    this.reconnectTimer.unref()
  }

  async close(): Promise<void> {
    this.closed = true
    this.subscribers.clear()
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    const client = this.client
    this.client = null
    await client?.end().catch(() => {})
  }
}

let hub: DocumentEventHub | null = null

export function documentEvents(databaseUrl: string, logger: Logger): DocumentEventHub {
  hub ??= new DocumentEventHub(databaseUrl, logger)
  return hub
}
