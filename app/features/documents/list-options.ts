/** Paging and sorting of the past-extractions list, shared by the page, the API and the server. */
export const SORTABLE = ['original_filename', 'uploaded_at'] as const
export const PAGE_SIZES = [10, 20, 50] as const
/** Past this, a page number is not a page (1e300 would overflow the SQL offset): the default applies. */
export const MAX_PAGE = 1_000_000
export type SortBy = (typeof SORTABLE)[number]
export type SortOrder = 'asc' | 'desc'

export interface ListOptions {
  page: number
  perPage: number
  sortBy: SortBy
  sortOrder: SortOrder
}

/** Reads paging and sorting from a query string, falling back to the spec's defaults (000 §9). */
export function listOptionsFrom(params: URLSearchParams): ListOptions {
  const perPage = Number(params.get('per_page'))
  const page = Number(params.get('page'))
  const sortBy = params.get('sort_by')
  const sortOrder = params.get('sort_order')
  return {
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : 10,
    page: Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    sortBy: sortBy === 'original_filename' ? 'original_filename' : 'uploaded_at',
    sortOrder: sortOrder === 'asc' ? 'asc' : 'desc',
  }
}
