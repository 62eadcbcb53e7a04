import type { ReactElement, ReactNode } from 'react'
import { TableScroll } from '#app/components/table-scroll.tsx'

/**
 * An admin list: column headings over one row per item, or the page's empty text when there is
 * none. A heading is a column title, or a whole keyed <th> element when it needs more (a sort link).
 * Its scrolling box is a named region that takes focus, so a table wider than a phone can be
 * scrolled by keyboard even when its cells hold nothing focusable (axe's scrollable-region-focusable).
 */
export function AdminTable<Row>({
  headings,
  rows,
  empty,
  label,
  children,
}: {
  headings: (string | ReactElement)[]
  rows: readonly Row[]
  empty: string
  label: string
  children: (row: Row) => ReactNode
}) {
  if (rows.length === 0) return <p>{empty}</p>
  const table = (
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
  )
  return <TableScroll label={label}>{table}</TableScroll>
}
