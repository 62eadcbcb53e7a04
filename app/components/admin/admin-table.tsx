import type { ReactElement, ReactNode } from 'react'

/**
 * An admin list: column headings over one row per item, or the page's empty text when there is
 * none. A heading is a column title, or a whole keyed <th> element when it needs more (a sort link).
 */
export function AdminTable<Row>({ headings, rows, empty, children }: { headings: (string | ReactElement)[]; rows: readonly Row[]; empty: string; children: (row: Row) => ReactNode }) {
  if (rows.length === 0) return <p>{empty}</p>
  return (
    <div className="admin-table-wrap">
      <table className="data-table admin-table">
        <thead>
          <tr>
            {headings.map((heading) =>
              typeof heading === 'string' ? (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ) : (
                heading
              ),
            )}
          </tr>
        </thead>
        <tbody>{rows.map(children)}</tbody>
      </table>
    </div>
  )
}
