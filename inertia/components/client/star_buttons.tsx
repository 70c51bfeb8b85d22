import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import '~/css/client.css'

export type FeedbackSource = 'onboarding' | 'session_complete'

/**
 * Sends a rating through the feedback action (POST /feedback): the stars, and where it was asked (the rating's
 * prefix).
 */
function sendRating(stars: number, source: FeedbackSource) {
  return requestJson(urlFor('feedback.store'), { method: 'POST', json: { stars, source } })
}

/**
 * Five star buttons: a press rates at once (no form to send, and no radio
 * under a key the page uses: Enter on a button is the button's). The stars
 * up to the one pointed at light up.
 */
function StarButtons({
  onRate,
  disabled = false,
}: {
  onRate: (stars: number) => void
  disabled?: boolean
}) {
  const t = useT()
  const [hover, setHover] = useState(0)
  return (
    <div
      className="star-buttons"
      role="group"
      aria-label={t('client.feedback.stars')}
      onMouseLeave={() => setHover(0)}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <button
          key={star}
          type="button"
          className={star <= hover ? 'on' : 'off'}
          aria-label={t('client.feedback.star', { count: star })}
          disabled={disabled}
          onMouseEnter={() => setHover(star)}
          onFocus={() => setHover(star)}
          onBlur={() => setHover(0)}
          onClick={() => onRate(star)}
        >
          ★
        </button>
      ))}
    </div>
  )
}

/**
 * A short "how do you like it" question with the star buttons: the rating
 * goes to the feedback action at once; the question thanks, or says the
 * rating could not be sent (and may be tried again).
 */
export function RatingQuestion({
  question,
  source,
  onRated,
}: {
  question: string
  source: FeedbackSource
  onRated?: () => void
}) {
  const t = useT()
  const [state, setState] = useState<'asking' | 'sending' | 'failed' | 'thanks'>('asking')
  const rate = (stars: number) => {
    setState('sending')
    sendRating(stars, source).then(
      () => {
        setState('thanks')
        onRated?.()
      },
      () => setState('failed')
    )
  }
  if (state === 'thanks')
    return (
      <p role="status" className="rating-thanks">
        {t('client.feedback.thanks')}
      </p>
    )
  return (
    <div className="rating-question">
      <p>{question}</p>
      <StarButtons onRate={rate} disabled={state === 'sending'} />
      {state === 'failed' && (
        <p role="alert" className="field-error">
          {t('client.feedback.failed')}
        </p>
      )}
    </div>
  )
}
