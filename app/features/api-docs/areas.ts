import type { ApiArea } from './schema.ts'

/**
 * Each area's description is a module of its own, imported when needed, so that the /api page in
 * the browser loads only the area it shows (all seven together put the page over its JavaScript
 * budget). openapi.ts imports them all statically for the whole description.
 */
const AREA_MODULES: Record<string, () => Promise<ApiArea>> = {
  public: () => import('./public.ts').then((m) => m.publicArea),
  accounts: () => import('./accounts.ts').then((m) => m.accountsArea),
  documents: () => import('./documents.ts').then((m) => m.documentsArea),
  batches: () => import('./outputs.ts').then((m) => m.batchesArea),
  admin: () => import('./admin.ts').then((m) => m.adminArea),
  adminAnalytics: () => import('./admin.ts').then((m) => m.adminAnalyticsArea),
  adminTranslations: () => import('./admin-translations.ts').then((m) => m.adminTranslationsArea),
}

/** The areas' tags, in the order the /api page lists them. */
export const API_AREA_TAGS = Object.keys(AREA_MODULES)

export const isApiArea = (tag: string): boolean => Object.hasOwn(AREA_MODULES, tag)

const loaded = new Map<string, ApiArea>()
const loading = new Map<string, Promise<ApiArea>>()

/** Starts (once) loading an area's module. */
export function loadApiArea(tag: string): Promise<ApiArea> {
  let promise = loading.get(tag)
  if (!promise) {
    promise = AREA_MODULES[tag]().then((area) => {
      loaded.set(tag, area)
      return area
    })
    promise.catch(() => loading.delete(tag))
    loading.set(tag, promise)
  }
  return promise
}

/** The area when its module is already here (the server's loader waits for it before rendering). */
export const loadedApiArea = (tag: string): ApiArea | undefined => loaded.get(tag)
