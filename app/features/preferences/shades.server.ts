import { colorDistance, SHADE_DISTANCE } from '#jobs/pdf/colors.ts'

/**
 * The saved preference that applies to a colour: the same hex, else the nearest saved shade within
 * the engine's shade distance (ΔE < 10), so `#5fb236 = Method` preselects `#5eb236` too.
 */
export function nearestShade<T extends { hex: string }>(hex: string, saved: readonly T[]): T | undefined {
  const exact = saved.find((p) => p.hex === hex)
  if (exact) return exact
  let best: T | undefined
  let bestDistance = SHADE_DISTANCE
  for (const p of saved) {
    const distance = colorDistance(hex, p.hex)
    if (distance < bestDistance) {
      best = p
      bestDistance = distance
    }
  }
  return best
}
