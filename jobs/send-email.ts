import type { Job } from 'pg-boss'
import type { Db } from '#db/client.ts'

export interface SendEmailData {
  /** null for the no-op job a request queues when it had no one to write to (see queueMail). */
  outboxId: string | null
}

interface Transport {
  sendMail: (message: { from: string; to: string; subject: string; text: string }) => Promise<unknown>
}

/**
 * Delivers one outbox row, then clears its text (it may hold a live link; the envelope stays as a
 * record). Idempotent: a row already sent is skipped, so a retry never mails twice.
 */
export function sendEmailHandler(deps: { db: Db; transport: Transport; from: string }) {
  return async (jobs: Job<SendEmailData>[]) => {
    for (const job of jobs) {
      if (!job.data.outboxId) continue
      const mail = await deps.db
        .selectFrom('email_outbox')
        .select(['id', 'to_address', 'subject', 'body_text', 'sent_at'])
        .where('id', '=', job.data.outboxId)
        .executeTakeFirst()
      if (!mail || mail.sent_at) continue
      try {
        await deps.transport.sendMail({ from: deps.from, to: mail.to_address, subject: mail.subject, text: mail.body_text })
      } catch (error) {
        await deps.db
          .updateTable('email_outbox')
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where('id', '=', mail.id)
          .execute()
        throw error
      }
      await deps.db
        .updateTable('email_outbox')
        .set({ sent_at: new Date(), error: null, body_text: '' })
        .where('id', '=', mail.id)
        .execute()
    }
  }
}
