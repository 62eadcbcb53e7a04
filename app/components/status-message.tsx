import { useTranslation } from '#app/lib/use-translation.ts'
import type { FormReply } from '#app/lib/form.ts'

export interface StatusMessageProps {
  message: { text: string; success: boolean } | undefined | null
  id?: string
}

/** A form's outcome, green or red by the spec's rule; announced to screen readers when it appears. */
export function StatusMessage({ message, id }: StatusMessageProps) {
  if (!message) return null
  return (
    <p id={id} role={message.success ? 'status' : 'alert'} className={message.success ? 'message message-success' : 'message message-error'}>
      {message.text}
    </p>
  )
}

/** The server's message for a form post, or (with JavaScript) the spec's message for a post that got no answer. */
export function FormOutcome({ reply }: { reply: FormReply | undefined }) {
  const { t } = useTranslation()
  const message = reply?.message ?? (reply?.failure ? { text: t(reply.failure), success: false } : undefined)
  return <StatusMessage message={message} />
}
