import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { StatusMessage, type StatusMessageProps } from './status-message.tsx'

/**
 * A success message, then another page after a few seconds: a meta refresh without JavaScript,
 * a client navigation with it.
 */
export function RedirectNotice({
  message,
  to,
  seconds,
  children,
}: {
  message: NonNullable<StatusMessageProps['message']>
  to: string
  seconds: number
  children?: React.ReactNode
}) {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), seconds * 1000)
    return () => clearTimeout(timer)
  }, [navigate, to, seconds])
  return (
    <>
      <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
      <StatusMessage message={message} />
      {children}
    </>
  )
}
