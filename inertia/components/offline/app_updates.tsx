import { useEffect, useEffectEvent } from 'react'
import { useT } from '~/lib/i18n'
import { useToast } from '~/components/ui/toasts'

/**
 * Registers the service worker once the page has loaded (its code is a chunk of its own) and says when a new
 * version of the app waits: it is used next time, or now with "Reload".
 */
export function AppUpdates() {
  const t = useT()
  const toast = useToast()
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
