import type { PgBoss } from 'pg-boss'
import type { Db } from '#db/client.ts'
import type { Config } from '#app/server/config.server.ts'
import type { Logger } from '#app/server/logger.server.ts'
import { createTransport } from '#app/server/mail.server.ts'
import { sendEmailHandler } from './send-email.ts'

/** Registers a handler for every queue this process works on. */
export async function startWorkers(deps: { boss: PgBoss; db: Db; config: Config; logger: Logger }): Promise<void> {
  const { boss, db, config, logger } = deps
  if (config.smtpUrl) {
    const transport = createTransport(config.smtpUrl)
    await boss.work('send-email', { localConcurrency: 1 }, sendEmailHandler({ db, transport, from: config.mailFrom }))
  }
  logger.info({ concurrency: config.workerConcurrency }, 'workers started')
}
