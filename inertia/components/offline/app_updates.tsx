import { useEffect, useEffectEvent } from 'react'
import { usePage } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useToast } from '~/components/ui/toasts'

/**
 * Registers the service worker once the page has loaded (its code is a chunk of its own) and says when a new
 * version of the app waits: it is used next time, or now with "Reload". The first page after a sign-in or a
 * sign-out (the one that clears the history) has the worker forget the offline page it keeps: on a shared
 * device it would show the last learner (docs/offline.md).
 */
export function AppUpdates() {
  const t = useT()
  const toast = useToast()
  const { clearHistory } = usePage()
  useEffect(() => {
    if (clearHistory) navigator.serviceWorker?.controller?.postMessage({ type: 'forget-shell' })
  }, [clearHistory])
  const waiting = useEffectEvent((activate: () => void) =>
    toast({
      type: 'softUpdate',
      title: t('offline.update.ready'),
      action: { label: t('offline.update.reload'), onClick: activate },
      timeout: 0,
    })
  )
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const start = () =>
      void import('~/lib/offline/register').then(({ registerWorker }) =>
        registerWorker((activate) => waiting(activate))
      )
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
  }, [])
  return null
}
