import pg from 'pg'
import { STATUS_CHANNEL, type StatusChange } from '#app/features/documents/transitions.server.ts'
import type { Logger } from './logger.server.ts'

type Listener = (change: StatusChange) => void

/**
 * One LISTEN connection per web process, fanned out to the open status streams by user. The
 * connection is opened on the first subscription and re-opened after a failure; streams resume
 * from the history table (Last-Event-ID), so nothing committed meanwhile is lost.
 */
class DocumentEventHub {
  private readonly listeners = new Map<string, Set<Listener>>()
  private client: pg.Client | null = null
  private connecting: Promise<void> | null = null
  private readonly databaseUrl: string
  private readonly logger: Logger

  constructor(databaseUrl: string, logger: Logger) {
    this.databaseUrl = databaseUrl
    this.logger = logger
  }

  async subscribe(userId: string, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(userId)
    if (!set) this.listeners.set(userId, (set = new Set()))
    set.add(listener)
    await this.connect()
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(userId)
    }
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve()
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'marginalia-events' })
      client.on('notification', (message) => {
        if (message.channel !== STATUS_CHANNEL || !message.payload) return
        const change = JSON.parse(message.payload) as StatusChange
        for (const listener of this.listeners.get(change.userId) ?? []) listener(change)
      })
      client.on('error', (error) => {
        this.logger.warn({ error: error.message }, 'status listener lost its connection')
        this.client = null
        void client.end().catch(() => {})
      })
      await client.connect()
      await client.query(`LISTEN ${STATUS_CHANNEL}`)
      this.client = client
    })().finally(() => {
      this.connecting = null
    })
    return this.connecting
  }

  async close(): Promise<void> {
    this.listeners.clear()
    await this.client?.end().catch(() => {})
    this.client = null
  }
}

let hub: DocumentEventHub | null = null

export function documentEvents(databaseUrl: string, logger: Logger): DocumentEventHub {
  hub ??= new DocumentEventHub(databaseUrl, logger)
  return hub
}
