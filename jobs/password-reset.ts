import type { Job, PgBoss } from 'pg-boss'
import { sendPasswordResetLink, type PasswordResetJob } from '#app/features/accounts/password-reset.server.ts'
import type { Config } from '#app/server/config.server.ts'
import type { Logger } from '#app/server/logger.server.ts'
import { mailTranslator } from '#app/server/mail.server.ts'
import type { Db } from '#db/client.ts'

/**
 * Does the work of a password-reset request, off the request path (which only queues this job, the
 * same for every address): the token and the mail in the request's language, for an active account.
 */
export function passwordResetHandler(deps: { db: Db; boss: PgBoss; config: Config; logger: Logger }) {
  return async (jobs: Job<PasswordResetJob>[]) => {
    for (const job of jobs) {
      await sendPasswordResetLink(deps, job.data.email, await mailTranslator(deps.db, job.data.language))
    }
  }
}
