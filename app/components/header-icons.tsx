/**
 * The header's three icons, drawn like the set in icons.tsx (SvgIcon) but on their own: the header
 * is on every page, so whatever it imports is in every page's first script, and the public pages
 * have a JavaScript budget (npm run report:pages) that a shared icon chunk went over.
 */
const HEADER_PATHS = {
  quote: 'M5 7h4v4H5z M9 11c0 3-1.5 5-4 6 M15 7h4v4h-4z M19 11c0 3-1.5 5-4 6',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  close: 'M18 6 6 18 M6 6l12 12',
} as const

export function HeaderIcon({ name, size, className }: { name: keyof typeof HEADER_PATHS; size: number; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={HEADER_PATHS[name]} />
    </svg>
  )
}
