/**
 * Every queue and its retry and time-limit policy; created at boot by every process. `notify`
 * wakes a worker the moment a job is sent instead of at its next poll. A PDF job's worker sends
 * a heartbeat: when a worker dies mid-job, the job is retried once its heartbeat is 10 s stale,
 * instead of waiting out the whole time limit.
 */
export const QUEUES = {
  'send-email': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  'password-reset': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, notify: true },
  extract: { retryLimit: 2, retryDelay: 1, expireInSeconds: 150, heartbeatSeconds: 10, notify: true },
  generate: { retryLimit: 2, retryDelay: 1, expireInSeconds: 150, heartbeatSeconds: 10, notify: true },
  retention: { retryLimit: 1, expireInSeconds: 600 },
} as const

export type QueueName = keyof typeof QUEUES
