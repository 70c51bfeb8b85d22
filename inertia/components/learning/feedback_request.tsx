import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { RatingQuestion } from '~/components/client/star_buttons'
import type { Data } from '~generated/data'

/**
 * The feedback request (spec 000 §4: hidden or visible) on the complete
 * screen: once the learner has had enough active days (the server says how
 * many; the session's streak says how many they have now), it asks with
 * stars how Mnemo is working for them until they answer or dismiss it. Both
 * close it on the server, so no other browser asks again.
 */
export function FeedbackRequest({
  request,
  totalActiveDays,
}: {
  request: Data.LearningPage['feedbackRequest']
  totalActiveDays: number
}) {
  const t = useT()
  const [dismissed, setDismissed] = useState(false)
  const [answered, setAnswered] = useState(false)
  if (!request.open || dismissed || totalActiveDays < request.afterActiveDays) return null
  const dismiss = () => {
    setDismissed(true)
    /* lost, the request only asks once more */
    requestJson(urlFor('feedback.request.dismiss'), { method: 'POST' }).catch(() => {})
  }
  return (
    <aside
      className="feedback-request"
      aria-label={t('learn.feedback_request.label')}
      data-testid="feedback-request"
    >
      <RatingQuestion
        question={t('learn.feedback_request.question')}
        source="session_complete"
        onRated={() => setAnswered(true)}
      />
      {!answered && (
        <button type="button" className="button ghost small" onClick={dismiss}>
          {t('learn.feedback_request.dismiss')}
        </button>
      )}
    </aside>
  )
}
