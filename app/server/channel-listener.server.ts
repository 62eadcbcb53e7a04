import pg from 'pg'
import type { Logger } from './logger.server.ts'

const RETRY_MS = 5_000

export interface ChannelListener {
  /** True while the LISTEN connection is up: what is heard is all that changed. */
  readonly connected: boolean
  stop(): Promise<void>
}

/**
 * A LISTEN connection of its own on one channel, for a web process's caches: `onNotification`
 * hears each NOTIFY (sent on commit by whichever process made the change); `onConnected` runs
 * after every (re)connection, since whatever changed while no one listened was not heard. A lost
 * connection is opened again after RETRY_MS. It never keeps a process alive on its own.
 */
export function listenOnChannel(options: {
  databaseUrl: string
  channel: string
  logger: Logger
  onNotification: (payload: string) => void
  onConnected: () => void
}): ChannelListener {
  let client: pg.Client | null = null
  let stopped = false

  const connect = async () => {
    if (stopped) return
    const candidate = new pg.Client({ connectionString: options.databaseUrl, application_name: `marginalia-${options.channel}` })
    let lost = false
    const retry = () => {
      if (lost) return
      lost = true
      if (client === candidate) client = null
      void candidate.end().catch(() => {})
      if (!stopped) setTimeout(() => void connect(), RETRY_MS).unref()
    }
    candidate.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotification(message.payload ?? '')
    })
    candidate.on('error', (error) => {
      options.logger.warn({ channel: options.channel, error: error.message }, 'listener lost its connection')
      retry()
    })
    candidate.on('end', retry)
    try {
      await candidate.connect()
      await candidate.query(`LISTEN ${options.channel}`)
      ;(candidate as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.()
      if (stopped || lost) {
        await candidate.end().catch(() => {})
        return
      }
      client = candidate
      options.onConnected()
    } catch (error) {
      options.logger.warn({ channel: options.channel, error: error instanceof Error ? error.message : String(error) }, 'listener could not connect')
      retry()
    }
  }
  void connect()

  return {
    get connected() {
      return client !== null
    },
    async stop() {
      stopped = true
      const current = client
      client = null
      await current?.end().catch(() => {})
    },
  }
}
