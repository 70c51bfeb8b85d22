import { useEffect, useEffectEvent, useState } from 'react'
import { syncAnswers, type NotApplied } from '~/lib/offline/sync'
import { pendingAnswers } from '~/lib/offline/store'

/**
 * The answers waiting for the server: how many, sent when the page starts, after each answer and when the
 * connection comes back; what the server did not apply is kept to be told.
 */
export function useOfflineSync(userId: number) {
  const [waiting, setWaiting] = useState<number | null>(null)
  const [notApplied, setNotApplied] = useState<NotApplied[]>([])
  const [online, setOnline] = useState(true)

  const sync = async () => {
    setOnline(navigator.onLine)
    const report = await syncAnswers(userId).catch(() => null)
    if (report?.notApplied.length) setNotApplied((list) => [...list, ...report.notApplied])
    const left = await pendingAnswers(userId)
    setWaiting(left.length)
  }
  const onChange = useEffectEvent(sync)
  useEffect(() => {
    const update = () => void onChange()
    /* after the first paint: the page's own work comes first */
    const first = setTimeout(update, 0)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      clearTimeout(first)
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [userId])

  return { waiting, notApplied, online, sync: () => void sync(), dismiss: () => setNotApplied([]) }
}
