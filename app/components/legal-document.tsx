import { useTranslation } from '#app/lib/use-translation.ts'

/**
 * One section of a legal page: its texts are the keys `<prefix>.<id>.title`, `.p1` … `.pN`
 * (paragraphs) and `.item1` … `.itemN` (a list after the paragraphs).
 */
export interface LegalSection {
  id: string
  paragraphs: number
  items?: number
}

const count = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

/**
 * A privacy policy or terms page: title, date, a table of contents and numbered sections, with
 * `values` ({supportEmail}, …) interpolated into every text, and a contact link at the end.
 */
export function LegalDocument({
  prefix,
  sections,
  values,
  contactEmail,
}: {
  prefix: string
  sections: LegalSection[]
  values: Record<string, string | number>
  contactEmail: string
}) {
  const { t } = useTranslation()
  return (
    <main id="main" className="page public-page page-medium legal">
      <h1>{t(`${prefix}.title`)}</h1>
      <p className="legal-date">{t(`${prefix}.updated`)}</p>
      <p className="lead">{t(`${prefix}.intro`, values)}</p>
      <nav aria-labelledby={`${prefix}-toc`} className="toc card">
        <h2 id={`${prefix}-toc`}>{t('legal.toc')}</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{t(`${prefix}.${section.id}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      <ol className="legal-sections">
        {sections.map((section) => (
          <li key={section.id}>
            <section id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{t(`${prefix}.${section.id}.title`)}</h2>
              {count(section.paragraphs).map((n) => (
                <p key={n}>{t(`${prefix}.${section.id}.p${n}`, values)}</p>
              ))}
              {section.items ? (
                <ul>
                  {count(section.items).map((n) => (
                    <li key={n}>{t(`${prefix}.${section.id}.item${n}`, values)}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          </li>
        ))}
      </ol>
      <p className="legal-contact">
        {t('legal.contact')} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
    </main>
  )
}
