import { useEffect, useEffectEvent, useId, useRef } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Flame, Snowflake } from 'lucide-react'
import { useT } from '~/lib/i18n'
import { requestJson } from '~/lib/http'
import type { Data } from '~generated/data'
import { MAX_FREEZES } from '~/components/study/streak_summary'
import '~/css/study.css'
import { DialogFrame } from '~/components/ui/dialog'
import { urlFor } from '~/lib/routes'

/** The User entity's streak fields. */
type StreakFields = Data.Streak['streak']

/** Spec: the popup shows once a day at most, after the day's goal is reached. */
export function shouldShowStreakPopup(streak: StreakFields) {
  return streak.todayCompleted && !streak.todayShown
}

/**
 * The streak after a study session. Showing it tells the server (POST
 * /streak/shown), so that it is not shown again the same study day, on the
 * web or in the apps. Esc or the button closes it; the focus goes back.
 * With `onEnter`, Enter (anywhere but on the streak link) closes it and
 * does what Enter does on the screen behind it, in one press.
 */
export function StreakPopup({
  streak,
  onClose,
  onEnter,
}: {
  streak: StreakFields
  onClose: () => void
  onEnter?: () => void
}) {
  const t = useT()
  const id = useId()
  const reported = useRef(false)

  useEffect(() => {
    /* once per popup, even when React runs the effect twice in development */
    if (!streak.todayShown && !reported.current) {
      reported.current = true
      /* losing this call only means the popup may show once more: nothing to tell the learner */
      requestJson(urlFor('streak.shown'), { method: 'POST' }).catch(() => {})
    }
  }, [streak.todayShown])

  /* the latest onClose and onEnter, at the key press */
  const onEnterKey = useEffectEvent((event: KeyboardEvent) => {
    if (
      !onEnter ||
      event.key !== 'Enter' ||
      event.repeat ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      event.shiftKey
    )
      return
    if (event.target instanceof HTMLElement && event.target.closest('a')) return
    /* not a click on the focused Close button as well */
    event.preventDefault()
    onClose()
    onEnter()
  })
  useEffect(() => {
    /* on the window: the keyboard may be anywhere once the learner clicked the backdrop */
    const onKey = (event: KeyboardEvent) => onEnterKey(event)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const message = streak.currentDuration <= 1 ? t('stats.popup.started') : t('stats.popup.kept')

  return (
    <DialogFrame
      className="dialog streak-popup"
      labelledBy={id}
      onClose={onClose}
      initialFocus="button"
      actions={
        <>
          <Link route="streak.show" className="button ghost" onClick={onClose}>
            {t('stats.popup.view')}
          </Link>
          <button type="button" className="button primary" onClick={onClose}>
            {t('stats.popup.close')}
          </button>
        </>
      }
    >
      <div className="streak-popup-flame" aria-hidden="true">
        <Flame size="1em" />
      </div>
      <h2 id={id}>{t('stats.popup.title', { count: streak.currentDuration })}</h2>
      <p>{message}</p>
      <p className="muted stats-small">
        <Snowflake size="1em" aria-hidden="true" />{' '}
        {t('stats.popup.freezes', { count: streak.availableFreezeCount, max: MAX_FREEZES })}
      </p>
    </DialogFrame>
  )
}
