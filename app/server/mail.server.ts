import { createHash } from 'node:crypto'
import { createInstance, type TFunction } from 'i18next'
import { sql, type Transaction } from 'kysely'
import nodemailer from 'nodemailer'
import type { PgBoss } from 'pg-boss'
import type { Db } from '#db/client.ts'
import type { Database } from '#db/schema.ts'
import { inTransaction } from '#jobs/boss.ts'
import { fallbackChain, I18N_OPTIONS, toI18nextResources } from '#app/lib/i18n.ts'
import type { Config } from './config.server.ts'
import { getLanguageState, getTranslations } from './languages.server.ts'
import type { Logger } from './logger.server.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  /** What the mail is for (`password-reset`, `account-exists`…): the log names it instead of showing the text. */
  kind: string
}

/** An address as the log shows it: the first character and the domain, plus a short hash to tell addresses apart. */
export function maskAddress(address: string): string {
  const [local = '', domain = ''] = address.toLowerCase().split('@')
  const digest = createHash('sha256').update(address.toLowerCase()).digest('hex').slice(0, 8)
  return `${local.slice(0, 1)}***@${domain} #${digest}`
}

/**
 * Every mail is written to the outbox first. With SMTP configured, a `send-email` job (enqueued in
 * the same transaction) delivers it and then clears its text; without, the outbox row is where an
 * operator of a one-machine install finds it. The log only says that a mail of some kind was
 * queued, to a masked address: never its text, which may hold a live link.
 *
 * With `deliver: false` the very same statements run (the same round trips, the same job) and
 * nothing is written or sent: a caller that must not reveal by its timing whether it had someone to
 * write to (a password-reset request, a registration) calls it either way. Such a caller also makes
 * sure its transaction writes something either way, or the commit of the one that writes nothing
 * would be quicker (no WAL flush). `before` runs first in the transaction and may cancel the
 * delivery by answering false; `trx` runs it all in the caller's transaction.
 */
export async function queueMail(
  services: { db: Db; boss: PgBoss; config: Config; logger: Logger },
  mail: Mail,
  options: {
    deliver?: boolean
    before?: (trx: Transaction<Database>) => Promise<boolean | void>
    trx?: Transaction<Database>
  } = {},
): Promise<void> {
  const { db, boss, config, logger } = services
  const work = async (trx: Transaction<Database>) => {
    const deliver = (options.deliver ?? true) && (await options.before?.(trx)) !== false
    const row = await trx
      .insertInto('email_outbox')
      .columns(['to_address', 'subject', 'body_text'])
      .expression(sql`SELECT ${mail.to}, ${mail.subject}, ${mail.text} WHERE ${deliver}::boolean`)
      .returning('id')
      .executeTakeFirst()
    const outboxId = row ? String(row.id) : null
    if (config.smtpUrl) await boss.send('send-email', { outboxId }, { db: inTransaction(trx) })
    if (outboxId) {
      const where = config.smtpUrl ? 'to be sent' : 'kept in the outbox (SMTP_URL is not set)'
      logger.info({ outboxId, kind: mail.kind, to: maskAddress(mail.to) }, `mail queued, ${where}`)
    }
  }
  if (options.trx) await work(options.trx)
  else await db.transaction().execute(work)
}

/** The translations of one language (with its fallbacks), for a mail composed outside a request (in a job). */
export async function mailTranslator(db: Db, language: string): Promise<TFunction> {
  const { languages, defaultCode } = await getLanguageState(db)
  const chosen = languages.some((l) => l.code === language) ? language : defaultCode
  const fallbacks = fallbackChain(chosen, defaultCode)
  const resources: Record<string, { translation: ReturnType<typeof toI18nextResources> }> = {}
  for (const code of [chosen, ...fallbacks]) resources[code] = { translation: toI18nextResources(await getTranslations(db, code)) }
  const i18n = createInstance()
  await i18n.init({ ...I18N_OPTIONS, lng: chosen, fallbackLng: fallbacks, resources, initAsync: false })
  return i18n.t
}

export function createTransport(smtpUrl: string) {
  return nodemailer.createTransport(smtpUrl)
}
