import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False in the server-rendered page, true once JavaScript runs: for parts that only work with it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
