import { createHash, randomBytes } from 'node:crypto'

/** A random secret for a URL or cookie; only its SHA-256 is ever stored. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
