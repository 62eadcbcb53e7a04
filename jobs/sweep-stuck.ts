import { sql } from 'kysely'
import type { JobWithMetadata } from 'pg-boss'
import { transition } from '#app/features/documents/transitions.server.ts'
import type { DocumentStatus } from '#app/lib/document-status.ts'
import type { Logger } from '#app/server/logger.server.ts'
import type { Db } from '#db/client.ts'
import { DEAD_LETTER_QUEUE, QUEUES } from './queues.ts'

/** Every minute (pg-boss's cron granularity). */
export const SWEEP_STUCK_SCHEDULE = '* * * * *'

export const EXTRACT_FAILED_MESSAGE = 'Something went wrong while reading this PDF. Please try uploading it again.'
export const GENERATE_FAILED_MESSAGE = 'Your downloads could not be generated. Please try again.'
export const EXTRACT_TIMEOUT_MESSAGE = 'Reading this PDF took too long. Please try again, or upload a smaller file.'
export const GENERATE_TIMEOUT_MESSAGE = 'Generating your downloads took too long. Please try again.'

/** The statuses a job is working on (or about to), with the queue whose job moves them on. */
const IN_PROGRESS: Partial<Record<DocumentStatus, 'extract' | 'generate'>> = {
  uploaded: 'extract',
  processing_apa: 'extract',
  apa_extracted: 'extract',
  processing_colors: 'extract',
  colors_extracted: 'extract',
  processing_annotations: 'extract',
  categorization_submitted_pending_ps2: 'generate',
  submitted: 'generate',
  processing_downloads: 'generate',
}

/**
 * How long a document may sit in one in-progress status, with no live job for it, before the
 * sweeper ends it: twice one attempt's time limit, so a retry between attempts (a few seconds
 * after a crash) is never mistaken for a stuck document.
 */
export function stuckAfterSeconds(queue: 'extract' | 'generate'): number {
  return QUEUES[queue].expireInSeconds * 2
}

/** Where a document ends when its step gave up: the step's timeout, or `failed`, always with a message. */
function ending(status: DocumentStatus, reason: 'timeout' | 'failed'): { to: DocumentStatus; message: string } | null {
  const queue = IN_PROGRESS[status]
  if (!queue) return null
  if (reason === 'timeout') {
    if (status === 'processing_annotations') return { to: 'make1_timeout', message: EXTRACT_TIMEOUT_MESSAGE }
    if (queue === 'extract') return { to: 'ps1_timeout', message: EXTRACT_TIMEOUT_MESSAGE }
    if (status !== 'categorization_submitted_pending_ps2') return { to: 'ps2_timeout', message: GENERATE_TIMEOUT_MESSAGE }
  }
  return { to: 'failed', message: queue === 'extract' ? EXTRACT_FAILED_MESSAGE : GENERATE_FAILED_MESSAGE }
}

/** Ends one document that is still in progress; a settled one is left as it is. Idempotent. */
export async function endDocument(db: Db, documentId: string, reason: 'timeout' | 'failed'): Promise<DocumentStatus | null> {
  const row = await db.selectFrom('documents').select('upload_status').where('id', '=', documentId).executeTakeFirst()
  if (!row) return null
  const end = ending(row.upload_status as DocumentStatus, reason)
  if (!end) return null
  const change = await transition(db, documentId, end.to, { message: end.message })
  return change ? end.to : null
}

/**
 * The dead letter queue's handler: pg-boss copies a job there once it has failed for good (its
 * retries used up by errors, crashes seen as stale heartbeats, or expirations), so its document
 * is told even when no worker lived to tell it.
 */
export function deadLetterHandler(deps: { db: Db; logger: Logger }) {
  return async (jobs: JobWithMetadata<{ documentId?: string }>[]) => {
    for (const job of jobs) {
      const documentId = job.data?.documentId
      if (!documentId) continue
      const output = JSON.stringify(job.sourceOutput ?? '')
      const reason = /timed out/.test(output) ? 'timeout' : 'failed'
      const ended = await endDocument(deps.db, documentId, reason)
      deps.logger.warn({ documentId, queue: job.sourceName, output: job.sourceOutput, ended }, 'job failed for good')
    }
  }
}

/**
 * Ends documents stuck in an in-progress status longer than their step's limit with no job
 * left to move them on (a job lost before the dead letter queue existed, a dead letter missed,
 * a worker that died between two statuses). Idempotent: an ended document is settled.
 */
export async function runStuckSweep(deps: { db: Db; logger: Logger }, now = new Date()): Promise<number> {
  const { db, logger } = deps
  let ended = 0
  for (const queue of ['extract', 'generate'] as const) {
    const statuses = Object.entries(IN_PROGRESS)
      .filter(([, q]) => q === queue)
      .map(([status]) => status)
    const cutoff = new Date(now.getTime() - stuckAfterSeconds(queue) * 1000)
    const stuck = await db
      .selectFrom('documents')
      .select(['id', 'upload_status'])
      .where('upload_status', 'in', statuses)
      .where('updated_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom(sql<{ name: string; data: unknown; state: string }>`pgboss.job`.as('job'))
              .select(sql`1`.as('one'))
              .where(sql<boolean>`job.name = ${queue}`)
              .where(sql<boolean>`job.data->>'documentId' = documents.id::text`)
              .where(sql<boolean>`job.state < 'completed'`),
          ),
        ),
      )
      .limit(500)
      .execute()
    for (const document of stuck) {
      const to = await endDocument(db, document.id, 'timeout')
      if (to) {
        ended++
        logger.warn({ documentId: document.id, from: document.upload_status, to }, 'stuck document ended')
      }
    }
  }
  return ended
}

export function sweepStuckHandler(deps: { db: Db; logger: Logger }) {
  return async () => {
    await runStuckSweep(deps)
  }
}

export { DEAD_LETTER_QUEUE }
