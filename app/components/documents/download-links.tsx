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

const isFile = (url: string | null): url is string => Boolean(url) && url !== 'no_notes' && url !== 'no_references'

/** The three downloads of a completed document; a card only when its file exists (000 §2). */
export function DownloadLinks({ downloads, variant }: { downloads: Downloads; variant: 'cards' | 'icons' }) {
  const { t } = useTranslation()
  const items = [
    { url: downloads.txt, label: t('downloads.notesTxt'), icon: '📄' },
    { url: downloads.docx, label: t('downloads.notesDocx'), icon: '📝' },
    { url: downloads.references, label: t('downloads.references'), icon: '🔗' },
    { url: downloads.md ?? null, label: t('outputs.download.markdown'), icon: 'Ⓜ' },
    { url: downloads.bib ?? null, label: t('outputs.download.bibtex'), icon: '📚' },
    { url: downloads.ris ?? null, label: t('outputs.download.ris'), icon: '🗂' },
    { url: downloads.csv ?? null, label: t('outputs.download.csv'), icon: '📊' },
  ].filter((item) => isFile(item.url))
  if (items.length === 0) return variant === 'cards' ? <p>{t('downloads.none')}</p> : null
  if (variant === 'icons') {
    return (
      <span className="download-icons">
        {items.map((item) => (
          <a key={item.label} href={item.url as string} title={item.label} aria-label={item.label} onClick={(e) => e.stopPropagation()}>
            <span aria-hidden="true">{item.icon}</span>
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
            <span aria-hidden="true">{item.icon}</span> {item.label}
          </a>
        </li>
      ))}
    </ul>
  )
}
