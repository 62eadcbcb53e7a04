import pino from 'pino'

export type Logger = pino.Logger

/** Structured JSON lines; anything that could carry a secret is redacted before it is written. */
export function createLogger(level: string = 'info'): Logger {
  return pino({
    level,
    base: { pid: process.pid },
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'headers.authorization', 'headers.cookie', '*.password_hash'],
      censor: '[redacted]',
    },
  })
}

/** Paths that carry a secret in the URL itself (reset links) are logged without it. */
export function loggablePath(url: string): string {
  const pathname = url.split('?')[0] ?? url
  return pathname.replace(/^\/reset-password\/[^/]+/, '/reset-password/[redacted]')
}
