import { hash, verify } from '@node-rs/argon2'

// @node-rs/argon2 defaults to argon2id; these are OWASP's recommended memory and time costs.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
