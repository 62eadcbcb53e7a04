import { useTranslation } from '#app/lib/use-translation.ts'
import type { MouseEvent } from 'react'
import { Form, Link, useNavigate, useSubmit } from 'react-router'
import type { Route } from './+types/past-extractions'
import { DownloadLinks, downloadsOf } from '#app/components/documents/download-links.tsx'
import { SortIcon } from '#app/components/icons.tsx'
import { DeletedNotice, RowActions } from '#app/components/documents/row-actions.tsx'
import { LoadError } from '#app/components/documents/load-error.tsx'
import { LocalDateTime } from '#app/components/documents/local-date-time.tsx'
import { StatusLine } from '#app/components/documents/status-line.tsx'
import { listOptionsFrom, PAGE_SIZES, type ListOptions, type SortBy } from '#app/features/documents/list-options.ts'
import { listDocuments } from '#app/features/documents/queries.server.ts'
import { resumeHref } from '#app/components/documents/unfinished-batches.tsx'
import { awaitingCategorization } from '#app/features/documents/unfinished.server.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { getInstance } from '#app/server/i18n.server.ts'
import { getServices } from '#app/server/services.server.ts'
import documentsStyles from '#app/styles/documents.css?url'
import journeyStyles from '#app/styles/journey.css?url'
import { pageTitle } from '#app/lib/page-title.ts'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: documentsStyles },
  { rel: 'stylesheet', href: journeyStyles },
]

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const options = listOptionsFrom(new URL(request.url).searchParams)
  const { db } = getServices(context)
  const list = await listDocuments(db, user.id, options)
  // Documents waiting for their colours link back to their batch's colour section.
  const resume = await awaitingCategorization(db, user.id, list.documents)
  return { ...list, resume, options, title: getInstance(context).t('past.meta.title') }
}

/** Sorting and paging live in the URL, so every control is a plain link or GET form. */
function listUrl(options: ListOptions, change: Partial<ListOptions>): string {
  const next = { ...options, ...change }
  // The page returns to 1 when the page size or the sort changes (000 §9).
  if (change.perPage !== undefined || change.sortBy !== undefined || change.sortOrder !== undefined) next.page = change.page ?? 1
  const params = new URLSearchParams({
    page: String(next.page),
    per_page: String(next.perPage),
    sort_by: next.sortBy,
    sort_order: next.sortOrder,
  })
  return `/past-extractions?${params}`
}

function SortHeader({ column, label, options }: { column: SortBy; label: string; options: ListOptions }) {
  const { t } = useTranslation()
  const active = options.sortBy === column
  const nextOrder = active && options.sortOrder === 'asc' ? 'desc' : 'asc'
  return (
    <th scope="col" aria-sort={active ? (options.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Link to={listUrl(options, { sortBy: column, sortOrder: nextOrder })} aria-label={t('past.sortBy', { column: label })}>
        {label} <SortIcon order={active ? options.sortOrder : null} />
      </Link>
    </th>
  )
}

/**
 * A click in a row outside its links and controls opens the row's page (`data-href`), a mouse
 * user's shortcut; the links themselves are the root's in-app links (app/lib/in-app-links.ts).
 */
function useRowClicks() {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target as Element
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    if (target.closest('a, button, input, select, textarea, label, summary')) return
    const row = target.closest<HTMLElement>('[data-href]')
    if (row && event.currentTarget.contains(row)) void navigate(row.dataset.href as string)
  }
}

export default function PastExtractions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const onRowClick = useRowClicks()
  const submit = useSubmit()
  const { documents, options, totalPages, totalDocuments } = loaderData
  return (
    <main id="main" className="page">
      <h1>{t('past.title')}</h1>
      <DeletedNotice />
      {totalDocuments === 0 ? (
        <p>
          {t('past.empty')} <Link to="/extractor">{t('past.uploadFirst')}</Link>
        </p>
      ) : (
        <>
          <Form method="get" className="list-controls" onChange={(e) => submit(e.currentTarget)}>
            <input type="hidden" name="sort_by" value={options.sortBy} />
            <input type="hidden" name="sort_order" value={options.sortOrder} />
            <input type="hidden" name="page" value="1" />
            <label htmlFor="per_page">{t('past.pageSize')}</label>
            <select id="per_page" name="per_page" defaultValue={options.perPage}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="button button-small">
                {t('past.apply')}
              </button>
            </noscript>
          </Form>
          <table className="data-table">
            <thead>
              <tr>
                <SortHeader column="original_filename" label={t('past.column.filename')} options={options} />
                <SortHeader column="uploaded_at" label={t('past.column.uploaded')} options={options} />
                <th scope="col">{t('past.column.status')}</th>
                <th scope="col">{t('past.column.downloads')}</th>
                <th scope="col">{t('past.column.details')}</th>
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                // One handler, shared by every row, for a click outside its links (app/lib/in-app-links.ts).
                <tr key={d.id} className="clickable-row" data-href={`/past-extractions/${d.id}`} onClick={onRowClick}>
                  <td>
                    <a href={`/past-extractions/${d.id}`} data-in-app="" data-discover="true">
                      {d.originalFilename}
                    </a>
                  </td>
                  <td>
                    <LocalDateTime iso={d.uploadedAt} />
                  </td>
                  <td>
                    <StatusLine status={d.uploadStatus} labels="past" />
                  </td>
                  <td>
                    {d.uploadStatus === 'completed' ? (
                      <DownloadLinks
                        downloads={downloadsOf(d)}
                        variant="icons"
                      />
                    ) : null}
                  </td>
                  <td>
                    {d.uploadStatus === 'completed' ? (
                      <a href={`/past-extractions/${d.id}`} data-in-app="" data-discover="true">
                        {t('past.viewDetails')}
                      </a>
                    ) : loaderData.resume[d.id] ? (
                      <a href={resumeHref(loaderData.resume[d.id])} data-in-app="" data-discover="true">
                        {t('journey.unfinished.link')}
                      </a>
                    ) : null}{' '}
                    <RowActions documentId={d.id} batchId={d.batchId} filename={d.originalFilename} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="pagination" aria-label={t('past.pageOf', { page: options.page, total: totalPages })}>
            {options.page > 1 ? <Link to={listUrl(options, { page: options.page - 1 })}>{t('past.previous')}</Link> : null}
            <span>{t('past.pageOf', { page: options.page, total: totalPages })}</span>
            {options.page < totalPages ? <Link to={listUrl(options, { page: options.page + 1 })}>{t('past.next')}</Link> : null}
          </nav>
        </>
      )}
    </main>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation()
  return (
    <main id="main" className="page">
      <h1>{t('past.title')}</h1>
      <LoadError error={error} fallbackKey="past.error.fetch" networkKey="past.error.network" />
    </main>
  )
}

