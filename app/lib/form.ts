import type { SubmissionResult } from '@conform-to/react'

/**
 * What a form's action answers: conform's result (errors as i18n keys, entered values except
 * passwords) and an optional outcome message. `failure` (an i18n key) is set in the browser when
 * the post never got an answer (see `replyOrFailure`).
 */
export interface FormReply {
  result?: SubmissionResult<string[]>
  message?: { text: string; success: boolean }
  failure?: string
}

/** Message keys of the spec's catalogue for a post that could not reach the server, or that the server failed. */
export interface FailureKeys {
  network: string
  failed: string
}

/**
 * With JavaScript a form posts through `clientAction`: a network failure or a server error then
 * shows the spec's message in the form, instead of an error page. Redirects (thrown Responses) and
 * the server's own answers pass through.
 */
export async function replyOrFailure<T extends FormReply>(serverAction: () => Promise<T>, keys: FailureKeys): Promise<T | FormReply> {
  try {
    return await serverAction()
  } catch (error) {
    if (error instanceof Response) throw error
    return { failure: error instanceof TypeError ? keys.network : keys.failed }
  }
}
