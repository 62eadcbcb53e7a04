import type { RouterContextProvider } from 'react-router'
import { isSuccessMessage } from '#app/lib/message.ts'
import { getInstance } from './i18n.server.ts'

/** A message for the page: its text in the visitor's language, styled by the spec's rule applied to the English wording. */
export interface FormMessage {
  text: string
  success: boolean
}

type Values = Record<string, string>

export function formMessage(context: Readonly<RouterContextProvider>, key: string, values?: Values): FormMessage {
  const i18n = getInstance(context)
  return { text: i18n.t(key, values), success: isSuccessMessage(i18n.getFixedT('en')(key, values)) }
}

/** Several message keys (e.g. every broken password rule) joined into one message, as the spec wants. */
export function joinMessages(context: Readonly<RouterContextProvider>, keys: readonly string[]): string {
  const { t } = getInstance(context)
  return keys.map((key) => t(key)).join(' ')
}
