import { describe, expect, it } from 'vitest'
import { colorDistance, documentColors, groupShades, rgbToHex, sortByHue } from '../colors.ts'

describe('colours', () => {
  it('writes #rrggbb in lower case, rounding half up', () => {
    expect(rgbToHex([255, 209, 0])).toBe('#ffd100')
    expect(rgbToHex([229.5, 51, 255])).toBe('#e633ff')
    expect(rgbToHex(null)).toBeNull()
  })

  it('sorts by hue: red, orange, yellow, green, blue, purple, then greys', () => {
    const sorted = sortByHue(['#808080', '#0000ff', '#ffff00', '#ff0000', '#00ff00', '#ff8000', '#8000ff', '#ffffff', '#FF0000'])
    expect(sorted).toEqual(['#ff0000', '#ff8000', '#ffff00', '#00ff00', '#0000ff', '#8000ff', '#ffffff', '#808080'])
  })

  it('groups near-identical shades from different readers, keeping the most used', () => {
    const groups = groupShades(['#f86464', '#f76363', '#f86464', '#ffff00', '#ffff98'])
    expect(groups.get('#f76363')).toBe('#f86464')
    expect(groups.get('#ffff00')).toBe('#ffff00')
    expect(groups.get('#ffff98')).toBe('#ffff98')
    expect(colorDistance('#f86464', '#f76363')).toBeLessThan(2)
  })

  it('lists the document palette once per group, in hue order', () => {
    expect(documentColors(['#ffff00', '#fffe01', '#0000ff', '#f86464', '#f76363'])).toEqual(['#f86464', '#ffff00', '#0000ff'])
  })
})
