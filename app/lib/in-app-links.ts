import { useEffect } from 'react'
import { useNavigate } from 'react-router'

/**
 * The site's shell (header, footer) and long lists (the past extractions' rows) use plain links
 * marked with this attribute instead of React Router's `<Link>`, and one click handler on the
 * document navigates in place for them (`useInAppLinks`, set up once by the root). A `<Link>`
 * resolves its path and sets up its handlers on every server render: the list's 80-odd links were
 * about a third of the page's server time, and the shell's 17 links a twentieth of every page's.
 * Without JavaScript both are the same plain link. `data-discover` is what `<Link>` sets too: React
 * Router learns the routes of the links on the page ahead of a click. Only the root and its shell
 * import this module, so it travels in the root's chunk: pages write the two attributes out
 * instead of importing them (a chunk of its own cost every page 0.6 KB of gzip, and the API
 * pages' JavaScript budget has less than that to spare).
 */
export const inAppLink = { 'data-in-app': '', 'data-discover': 'true' } as const

/** A left click without modifier keys that nothing has handled yet. */
function isPlainLeftClick(event: Pick<MouseEvent, 'defaultPrevented' | 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

/**
 * Marked links navigate in place, as `<Link>` would: a plain left click on a link to this site that
 * opens in this window; a link to the page already shown replaces it in the history instead of
 * adding it again. Other clicks (modifier keys, other targets, downloads) are left to the browser.
 */
export function useInAppLinks() {
  const navigate = useNavigate()
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isPlainLeftClick(event) || !(event.target instanceof Element)) return
      const anchor = event.target.closest('a[data-in-app]')
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
      if (anchor.origin !== window.location.origin) return
      event.preventDefault()
      const to = anchor.pathname + anchor.search + anchor.hash
      const here = window.location.pathname + window.location.search + window.location.hash
      void navigate(to, { replace: to === here })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}

/** Whether a menu link is the current page's (or a parent of it), as `<NavLink>` decides by default. */
export function isCurrentPath(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)
}
