import { data } from 'react-router'

/** The JSON API's error shape: `{ message }` with the spec's wording, and an HTTP status. */
export function apiError(status: number, message: string, extra?: Record<string, unknown>) {
  return data({ message, ...extra }, { status, headers: { 'Cache-Control': 'no-store' } })
}
