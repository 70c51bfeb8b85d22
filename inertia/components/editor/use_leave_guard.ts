import { useEffect, useEffectEvent, useRef } from 'react'
import { router } from '@inertiajs/react'

/**
 * Asks before unsaved changes are lost: Inertia visits away are held back
 * until `confirm` calls `proceed`; closing or reloading the tab gets the
 * browser's own question. Visits made through `allow()` (saving, leaving on
 * purpose) pass.
 */
export function useLeaveGuard(dirty: boolean, confirm: (proceed: () => void) => void) {
  const allowed = useRef(false)
  /* the latest confirm, asked when a visit would leave */
  const askToLeave = useEffectEvent((proceed: () => void) => confirm(proceed))

  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    const stop = router.on('before', (event) => {
      const visit = event.detail.visit
      if (allowed.current || visit.prefetch || visit.only.length || visit.except.length) return
      event.preventDefault()
      askToLeave(() => {
        allowed.current = true
        router.visit(visit.url, {
          method: visit.method,
          data: visit.data,
          replace: visit.replace,
          preserveScroll: visit.preserveScroll,
          preserveState: visit.preserveState,
          headers: visit.headers,
          onFinish: () => (allowed.current = false),
        })
      })
    })
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      stop()
    }
  }, [dirty])

  /** lets the visits `run` starts through; call `done` when they finished */
  const allow = () => {
    allowed.current = true
    return () => (allowed.current = false)
  }
  return allow
}
