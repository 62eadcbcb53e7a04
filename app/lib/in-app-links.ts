import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'

/**
 * Long lists (the past extractions' rows) use plain links marked with this attribute instead of
 * React Router's `<Link>`, and one click handler shared by the rows navigates for them. A `<Link>`
 * resolves its path and sets up its handlers on every server render: the list's 80-odd links were
 * about a third of the page's server time. Without JavaScript both are the same plain link. The
 * links stay the way to a row's pages by keyboard (Enter on a link is a click); a click elsewhere
 * in a row is a mouse user's shortcut, as before.
 */
export const inAppLink = { 'data-in-app': '' } as const

function isPlainLeftClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

/**
 * The list's click handler: a plain left click on a marked link navigates in place, as `<Link>`
 * would; other links (downloads) are left to the browser; a click elsewhere in a row that has
 * `data-href` opens that row's page.
 */
export function useInAppLinkClicks() {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLElement>) => {
    if (!isPlainLeftClick(event)) return
    const target = event.target as Element
    const anchor = target.closest('a')
    if (anchor) {
      if (!anchor.hasAttribute('data-in-app') || (anchor.target && anchor.target !== '_self') || anchor.origin !== window.location.origin) return
      event.preventDefault()
      void navigate(anchor.pathname + anchor.search + anchor.hash)
      return
    }
    if (target.closest('button, input, select, textarea, label, summary')) return
    const row = target.closest<HTMLElement>('[data-href]')
    if (row && event.currentTarget.contains(row)) void navigate(row.dataset.href as string)
  }
}
