/**
 * How every icon of the app is drawn: a stroke icon on a 24-pixel grid in the text colour, instead
 * of emoji (emoji render as empty boxes where no emoji font is installed). Decorative: always
 * aria-hidden; the link or button around it carries the name.
 */
export function SvgIcon({ d, size = 20, className }: { d: string; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  )
}
