/**
 * Work a page's route module starts in the browser that must be done before React hydrates the
 * page (the module of the /api area shown). React Router evaluates the route modules before the
 * client entry, which waits for these.
 */
const pending: Promise<unknown>[] = []

export function finishBeforeHydration(work: Promise<unknown>): void {
  pending.push(work)
}

export async function workBeforeHydration(): Promise<void> {
  await Promise.allSettled(pending)
}
