/**
 * Every queue and its retry and time-limit policy; created at boot by every process. `notify`
 * wakes a worker the moment a job is sent instead of at its next poll.
 */
export const QUEUES = {
  'send-email': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  extract: { retryLimit: 2, retryDelay: 2, expireInSeconds: 150, notify: true },
  generate: { retryLimit: 2, retryDelay: 2, expireInSeconds: 150, notify: true },
  retention: { retryLimit: 1, expireInSeconds: 600 },
} as const

export type QueueName = keyof typeof QUEUES
