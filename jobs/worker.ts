import type { PgBoss } from 'pg-boss'
import type { Config } from '#app/server/config.server.ts'
import type { Logger } from '#app/server/logger.server.ts'
import { createTransport } from '#app/server/mail.server.ts'
import type { Storage } from '#app/server/storage.server.ts'
import type { Db } from '#db/client.ts'
import { extractHandler } from './extract.ts'
import { generateHandler } from './generate.ts'
import { passwordResetHandler } from './password-reset.ts'
import { retentionHandler, RETENTION_SCHEDULE } from './retention.ts'
import { DEAD_LETTER_QUEUE } from './queues.ts'
import { sendEmailHandler } from './send-email.ts'
import { sweepOrphansHandler, SWEEP_ORPHANS_SCHEDULE } from './sweep-orphans.ts'
import { deadLetterHandler, sweepStuckHandler, SWEEP_STUCK_SCHEDULE } from './sweep-stuck.ts'

/** The engine's limit for one PDF: well inside the extract job's own time limit. */
const ENGINE_TIMEOUT_MS = 90_000

/** Registers a handler for every queue this process works on. */
export async function startWorkers(deps: { boss: PgBoss; db: Db; config: Config; logger: Logger; storage: Storage }): Promise<void> {
  const { boss, db, config, logger, storage } = deps
  // NOTIFY wakes an idle worker at once; the short poll picks up a job queued while all were busy.
  const pdfWork = { localConcurrency: config.workerConcurrency, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 }
  await boss.work('extract', pdfWork, extractHandler({ db, storage, logger, engineTimeoutMs: ENGINE_TIMEOUT_MS, engineMaxMemoryMb: config.extractionMaxMemoryMb }))
  await boss.work('generate', pdfWork, generateHandler({ db, storage, logger }))
  await boss.work('retention', { localConcurrency: 1 }, retentionHandler({ db, storage, logger }))
  await boss.schedule('retention', RETENTION_SCHEDULE)
  // A job that failed for good ends its document; the sweepers catch what no job will finish or remove.
  await boss.work(DEAD_LETTER_QUEUE, { localConcurrency: 1, includeMetadata: true, pollingIntervalSeconds: 1 }, deadLetterHandler({ db, logger }))
  await boss.work('sweep-stuck', { localConcurrency: 1 }, sweepStuckHandler({ db, logger }))
  await boss.schedule('sweep-stuck', SWEEP_STUCK_SCHEDULE)
  await boss.work('sweep-orphans', { localConcurrency: 1 }, sweepOrphansHandler({ db, storage, logger }))
  await boss.schedule('sweep-orphans', SWEEP_ORPHANS_SCHEDULE)
  // Always, SMTP or not: without it the mail waits in the outbox for the operator.
  await boss.work('password-reset', { localConcurrency: 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 }, passwordResetHandler({ db, boss, config, logger }))
  if (config.smtpUrl) {
    const transport = createTransport(config.smtpUrl)
    await boss.work('send-email', { localConcurrency: 1 }, sendEmailHandler({ db, transport, from: config.mailFrom }))
  }
  logger.info({ concurrency: config.workerConcurrency }, 'workers started')
}
