import { useSyncExternalStore } from 'react'

/* nothing to subscribe to: the value only changes once, when hydration is over */
const subscribe = () => () => {}

/**
 * False on the server and while the page hydrates, true after (and at once on a mount in the
 * browser): what only the browser knows is read in render behind it, with no hydration mismatch.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false
  )
}
