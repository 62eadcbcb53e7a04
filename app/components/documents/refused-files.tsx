import { useTranslation } from '#app/lib/use-translation.ts'

/** Why a file of an upload was refused; the sentence is the server's own (the same i18n key). */
export type RefusedReason = 'notPdf' | 'tooLarge' | 'duplicate' | 'tooMany' | 'failed'
export interface Refused {
  reason: RefusedReason
  file: string
}

const REASONS: readonly RefusedReason[] = ['notPdf', 'tooLarge', 'duplicate', 'tooMany', 'failed']

/** The refused files travel in the batch page's URL (`refused=notPdf:name.pdf`), so both paths (with and without JavaScript) show them alike. */
export function refusedQuery(refused: Refused[]): string {
  return refused.map((r) => `&refused=${encodeURIComponent(`${r.reason}:${r.file}`)}`).join('')
}

export function refusedFrom(params: URLSearchParams): Refused[] {
  return params.getAll('refused').flatMap((value) => {
    const at = value.indexOf(':')
    const reason = value.slice(0, at) as RefusedReason
    return at > 0 && REASONS.includes(reason) ? [{ reason, file: value.slice(at + 1) }] : []
  })
}

/** The server's key for an i18n sentence of a refusal → its reason. */
export function reasonOfKey(key: string | undefined): RefusedReason {
  if (key === 'upload.error.notPdf') return 'notPdf'
  if (key === 'upload.error.tooLarge') return 'tooLarge'
  if (key === 'upload.error.duplicates') return 'duplicate'
  if (key === 'upload.error.tooMany') return 'tooMany'
  return 'failed'
}

export function useRefusalSentence(maxMb: number) {
  const { t } = useTranslation()
  return ({ reason, file }: Refused) => {
    switch (reason) {
      case 'notPdf':
        return t('upload.error.notPdf', { file })
      case 'tooLarge':
        return t('upload.error.tooLarge', { max: maxMb })
      case 'duplicate':
        return t('upload.error.duplicates', { files: file })
      case 'tooMany':
        return t('upload.error.tooMany')
      default:
        return t('upload.error.failedFiles', { files: file })
    }
  }
}

/** Files refused while the rest of the batch went through: each named, with the server's reason. */
export function RefusedFiles({ refused, maxMb }: { refused: Refused[]; maxMb: number }) {
  const { t } = useTranslation()
  const sentence = useRefusalSentence(maxMb)
  if (refused.length === 0) return null
  return (
    <div className="message message-error" role="alert">
      <p>{t('upload.error.failedFiles', { files: refused.map((r) => r.file).join(', ') })}</p>
      <ul className="refused-list">
        {refused.map((r, i) => (
          <li key={i}>
            <strong>{r.file}</strong>: {sentence(r)}
          </li>
        ))}
      </ul>
    </div>
  )
}
