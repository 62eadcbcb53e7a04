import { SvgIcon } from './svg-icon.tsx'

/** The app's icon set (drawn by SvgIcon); the header's own three are in header-icons.tsx. */
const PATHS = {
  fileText: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z M14 3v5h5 M9 13h6 M9 17h6 M9 9h1',
  fileWord: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z M14 3v5h5 M8.5 12l1.2 5 1.3-3.5 1.3 3.5 1.2-5',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1 M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  fileMarkdown: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z M14 3v5h5 M8 17v-5l2 2.5 2-2.5v5 M15 12v5 M13.5 15.5l1.5 1.5 1.5-1.5',
  book: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20 M6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2z',
  list: 'M8 6h13 M8 12h13 M8 18h13 M3 6h.01 M3 12h.01 M3 18h.01',
  table: 'M3 3h18v18H3z M3 9h18 M3 15h18 M9 3v18 M15 3v18',
  circle: 'M12 20a8 8 0 1 0 0-16 8 8 0 0 0 0 16z',
  checkCircle: 'M12 20a8 8 0 1 0 0-16 8 8 0 0 0 0 16z M8.5 12.5l2.5 2.5 4.5-5.5',
  chevronUp: 'M18 15l-6-6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  arrowBack: 'M19 12H5 M12 19l-7-7 7-7',
  upload: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4 M17 8l-5-5-5 5 M12 3v12',
} as const

export type IconName = keyof typeof PATHS

/** Icons that point a direction (back) are mirrored in right-to-left languages by the `icon-directional` class. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set(['arrowBack'])

export function Icon({ name, size, className }: { name: IconName; size?: number; className?: string }) {
  return <SvgIcon d={PATHS[name]} size={size} className={[DIRECTIONAL.has(name) ? 'icon-directional' : null, className].filter(Boolean).join(' ') || undefined} />
}

/** The sort direction of the active column of a sortable table (aria-sort on the header says it in words). */
export function SortIcon({ order }: { order: 'asc' | 'desc' | null }) {
  return order ? <Icon name={order === 'asc' ? 'chevronUp' : 'chevronDown'} size={16} /> : null
}
