export const SITE_NAME = 'Marginalia'
const SUFFIX = ` · ${SITE_NAME}`

/**
 * Every page's <title> reads '… · Marginalia', so tabs and bookmarks name the site the same way
 * whichever translation the page title comes from (some carry the suffix, most do not). The home
 * page's title starts with the name and stays as it is.
 */
export function pageTitle(title: string | null | undefined): string {
  if (!title) return SITE_NAME
  return title.endsWith(SUFFIX) || title.startsWith(SITE_NAME) ? title : `${title}${SUFFIX}`
}
