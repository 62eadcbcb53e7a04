/**
 * A colour's everyday name as an i18n key and its variant ('light', 'dark' or none), so a colour is
 * named in words beside its hex code (a swatch alone says nothing to someone who cannot tell colours
 * apart). Hue buckets in degrees; greys by lightness.
 */
export function colorName(hex: string): { key: string; shade: 'light' | 'dark' | null } {
  const n = Number.parseInt(hex.replace('#', '').slice(0, 6), 16)
  if (!/^#?[0-9a-f]{6}$/i.test(hex) || Number.isNaN(n)) return { key: 'journey.color.unknown', shade: null }
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255)
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const d = max - min
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1))
  if (s < 0.12 || d < 0.06) {
    if (l > 0.9) return { key: 'journey.color.white', shade: null }
    if (l < 0.12) return { key: 'journey.color.black', shade: null }
    return { key: 'journey.color.grey', shade: l > 0.65 ? 'light' : l < 0.35 ? 'dark' : null }
  }
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  h *= 60
  if (h < 0) h += 360
  const key =
    h < 15 || h >= 345
      ? 'red'
      : h < 40
        ? 'orange'
        : h < 68
          ? 'yellow'
          : h < 160
            ? 'green'
            : h < 195
              ? 'cyan'
              : h < 255
                ? 'blue'
                : h < 290
                  ? 'purple'
                  : 'pink'
  const shade = l > 0.72 ? 'light' : l < 0.3 ? 'dark' : null
  return { key: `journey.color.${key}`, shade }
}
