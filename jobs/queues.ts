/** Where pg-boss copies an extract or generate job that has failed for good (see jobs/sweep-stuck.ts). */
export const DEAD_LETTER_QUEUE = 'document-dead-letter'

/**
 * Every queue and its retry and time-limit policy; created at boot by every process. `notify`
 * wakes a worker the moment a job is sent instead of at its next poll. A PDF job's worker sends
 * a heartbeat: when a worker dies mid-job, the job is retried once its heartbeat is 10 s stale,
 * instead of waiting out the whole time limit. A PDF job that fails for good (its retries used
 * up by errors, stale heartbeats or expirations) goes to the dead letter queue, whose worker ends
 * its document with a message. The dead letter queue comes first: the others refer to it.
 */
export const QUEUES = {
  [DEAD_LETTER_QUEUE]: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  'send-email': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  'password-reset': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, notify: true },
  extract: { retryLimit: 2, retryDelay: 1, expireInSeconds: 150, heartbeatSeconds: 10, notify: true, deadLetter: DEAD_LETTER_QUEUE },
  generate: { retryLimit: 2, retryDelay: 1, expireInSeconds: 150, heartbeatSeconds: 10, notify: true, deadLetter: DEAD_LETTER_QUEUE },
  retention: { retryLimit: 1, expireInSeconds: 600 },
  'sweep-stuck': { retryLimit: 0, expireInSeconds: 120 },
  'sweep-orphans': { retryLimit: 0, expireInSeconds: 600 },
} as const

export type QueueName = keyof typeof QUEUES
