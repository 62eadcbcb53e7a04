import { useTranslation } from '#app/lib/use-translation.ts'
import { colorName } from '#app/lib/color-name.ts'

/** 'light green' for #a8e6a1: the colour's name in the reader's language. */
export function useColorName() {
  const { t } = useTranslation()
  return (hex: string) => {
    const { key, shade } = colorName(hex)
    const name = t(key)
    return shade ? t(`journey.color.${shade}`, { color: name }) : name
  }
}

/** A colour named in words with its hex code: 'yellow (#ffd400)'. */
export function useColorLabel() {
  const name = useColorName()
  return (hex: string) => `${name(hex)} (${hex})`
}
