/**
 * The box of a wide table: on a phone the table scrolls inside it, never the page. It takes
 * keyboard focus, so the hidden columns can be reached without a mouse (axe's
 * scrollable-region-focusable), and is a region named after the table.
 */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
    <section className="admin-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}
