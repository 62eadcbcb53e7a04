import { useTranslation } from '#app/lib/use-translation.ts'
import { useSearchParams } from 'react-router'

/** A past-list row's links to its batch and to the confirmation step of deleting it. */
export function RowActions({ documentId, batchId, filename }: { documentId: string; batchId: string; filename: string }) {
  const { t } = useTranslation()
  return (
    <span className="row-actions">
      <a href={`/batches/${encodeURIComponent(batchId)}`} data-in-app="" data-discover="true" aria-label={t('outputs.batch.linkFor', { file: filename })}>
        {t('outputs.batch.short')}
      </a>{' '}
      <a href={`/past-extractions/${documentId}/delete`} data-in-app="" data-discover="true" aria-label={t('outputs.delete.linkFor', { file: filename })}>
        {t('outputs.delete.short')}
      </a>
    </span>
  )
}

/** Shown once after a deletion (the redirect carries ?deleted=1). */
export function DeletedNotice() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  if (params.get('deleted') !== '1') return null
  return (
    <output className="message message-success">{t('outputs.delete.deleted')}</output>
  )
}
