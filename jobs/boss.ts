import { CompiledQuery, type Transaction } from 'kysely'
import { PgBoss } from 'pg-boss'
import type { Database } from '#db/schema.ts'
import { QUEUES } from './queues.ts'

/** One pg-boss instance per process, in the `pgboss` schema of the app's own database. */
export async function startBoss(connectionString: string, onError: (error: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    application_name: 'marginalia-queue',
    max: 4,
    useListenNotify: true,
    // How often stale heartbeats and expired jobs are looked for (the defaults are a minute).
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
  })
  boss.on('error', onError)
  await boss.start()
  for (const [name, options] of Object.entries(QUEUES)) {
    await boss.createQueue(name, options)
    // createQueue leaves an existing queue as it was: a dead letter added later is set here.
    if ('deadLetter' in options) await boss.updateQueue(name, { deadLetter: options.deadLetter })
  }
  return boss
}

/** Lets `boss.send(..., { db })` enqueue inside a Kysely transaction, so a job exists only if the row does. */
export function inTransaction(trx: Transaction<Database>) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values))
      return { rows: result.rows as any[] }
    },
  }
}
