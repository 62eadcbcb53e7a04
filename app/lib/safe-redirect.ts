const DUMMY_ORIGIN = 'http://same-site.invalid'
const MAX_LENGTH = 2048

/**
 * Control characters (which URL parsers silently drop: "/\t/evil" becomes "//evil") and backslashes
 * (which browsers read as "/") are refused outright, in the raw value and once decoded.
 */
export function hasControlOrBackslash(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true
  }
  return false
}

function looksSafe(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !hasControlOrBackslash(path)
}

/**
 * The only way a redirectTo (or any other user-supplied destination) is followed: a same-site
 * path survives, anything else (another host, a scheme, "//", "/\", a tab or newline, encoded
 * slashes or backslashes that decode to one of those) becomes the fallback.
 */
export function safeRedirectPath(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback
  if (!looksSafe(value)) return fallback
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return fallback
  }
  if (!looksSafe(decoded)) return fallback
  let url: URL
  try {
    url = new URL(value, DUMMY_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback
  // The parser normalises dot segments ("/a/../..//x" → "//x"): the result is checked again.
  const path = `${url.pathname}${url.search}${url.hash}`
  return looksSafe(path) ? path : fallback
}
