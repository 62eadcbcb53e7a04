import type { SubmissionResult } from '@conform-to/react'

/** What a form's action answers: conform's result (errors as i18n keys, entered values except passwords) and an optional outcome message. */
export interface FormReply {
  result: SubmissionResult<string[]>
  message?: { text: string; success: boolean }
}
