/** Every queue and its retry and time-limit policy; created at boot by every process. */
export const QUEUES = {
  'send-email': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
} as const

export type QueueName = keyof typeof QUEUES
