import type { DocumentSummary } from '#app/features/documents/queries.server.ts'
import { Icon, type IconName } from '#app/components/icons.tsx'
import { useTranslation } from '#app/lib/use-translation.ts'

export interface Downloads {
  txt: string | null
  docx: string | null
  references: string | null
  md?: string | null
  bib?: string | null
  ris?: string | null
  csv?: string | null
}

/** The download URLs of a document as the queries give them. */
export type DocumentDownloadUrls = Pick<DocumentSummary, 'txtDownloadUrl' | 'docxDownloadUrl' | 'allReferencesDownloadUrl' | 'more'>

export function downloadsOf(document: DocumentDownloadUrls): Downloads {
  return {
    txt: document.txtDownloadUrl,
    docx: document.docxDownloadUrl,
    references: document.allReferencesDownloadUrl,
    md: document.more.markdownDownloadUrl,
    bib: document.more.bibtexDownloadUrl,
    ris: document.more.risDownloadUrl,
    csv: document.more.csvDownloadUrl,
  }
}

const isFile = (url: string | null): url is string => Boolean(url) && url !== 'no_notes' && url !== 'no_references'

/** The three downloads of a completed document; a card only when its file exists (000 §2). */
export function DownloadLinks({ downloads, variant }: { downloads: Downloads; variant: 'cards' | 'icons' }) {
  const { t } = useTranslation()
  const all: { url: string | null; label: string; icon: IconName }[] = [
    { url: downloads.txt, label: t('downloads.notesTxt'), icon: 'fileText' },
    { url: downloads.docx, label: t('downloads.notesDocx'), icon: 'fileWord' },
    { url: downloads.references, label: t('downloads.references'), icon: 'link' },
    { url: downloads.md ?? null, label: t('outputs.download.markdown'), icon: 'fileMarkdown' },
    { url: downloads.bib ?? null, label: t('outputs.download.bibtex'), icon: 'book' },
    { url: downloads.ris ?? null, label: t('outputs.download.ris'), icon: 'list' },
    { url: downloads.csv ?? null, label: t('outputs.download.csv'), icon: 'table' },
  ]
  const items = all.filter((item) => isFile(item.url))
  if (items.length === 0) return variant === 'cards' ? <p>{t('downloads.none')}</p> : null
  if (variant === 'icons') {
    return (
      <span className="download-icons">
        {items.map((item) => (
          <a key={item.label} className="icon-link" href={item.url as string} title={item.label} aria-label={item.label} onClick={(e) => e.stopPropagation()}>
            <Icon name={item.icon} />
          </a>
        ))}
      </span>
    )
  }
  return (
    <ul className="download-cards">
      {items.map((item) => (
        <li key={item.label}>
          <a className="card download-card" href={item.url as string} target="_blank" rel="noopener">
            <Icon name={item.icon} /> {item.label}
          </a>
        </li>
      ))}
    </ul>
  )
}
