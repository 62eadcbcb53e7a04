import nodemailer from 'nodemailer'
import type { PgBoss } from 'pg-boss'
import type { Db } from '#db/client.ts'
import { inTransaction } from '#jobs/boss.ts'
import type { Config } from './config.server.ts'
import type { Logger } from './logger.server.ts'

export interface Mail {
  to: string
  subject: string
  text: string
}

/**
 * Every mail is written to the outbox first. With SMTP configured, a `send-email` job (enqueued in
 * the same transaction) delivers it; without, the outbox and a log line are where an operator of a
 * one-machine install finds the link.
 */
export async function queueMail(
  services: { db: Db; boss: PgBoss; config: Config; logger: Logger },
  mail: Mail,
): Promise<void> {
  const { db, boss, config, logger } = services
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('email_outbox')
      .values({ to_address: mail.to, subject: mail.subject, body_text: mail.text })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (config.smtpUrl) {
      await boss.send('send-email', { outboxId: String(row.id) }, { db: inTransaction(trx) })
    } else {
      logger.info({ outboxId: row.id, subject: mail.subject, body: mail.text }, 'mail kept in the outbox (SMTP_URL is not set)')
    }
  })
}

export function createTransport(smtpUrl: string) {
  return nodemailer.createTransport(smtpUrl)
}
