import type { PgBoss } from 'pg-boss'
import { createContext, type RouterContextProvider } from 'react-router'
import type { Db } from '#db/client.ts'
import type { Config } from './config.server.ts'
import type { Logger } from './logger.server.ts'
import type { Storage } from './storage.server.ts'

/** What every loader and action may use; the server entry puts it into the router context. */
export interface Services {
  db: Db
  /** The connection string behind `db`, for the status listener's own connection. */
  databaseUrl: string
  boss: PgBoss
  config: Config
  logger: Logger
  storage: Storage
}

export const servicesContext = createContext<Services>()

/** Per request: the CSP nonce and the request id, set by the HTTP server. */
export interface RequestInfo {
  nonce: string
  requestId: string
  ip: string
}

export const requestInfoContext = createContext<RequestInfo>()

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext)
}
