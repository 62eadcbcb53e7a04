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
