import { useEffect, useEffectEvent } from 'react'
import { Play } from 'lucide-react'
import { useT } from '~/lib/i18n'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { speak, spokenText, stopSpeaking, useCanSpeak } from '~/lib/speech'
import type { Data } from '~generated/data'

/**
 * A text-to-speech play or a type-in answer, for the count the server keeps (once per card a day); a failure
 * is not the learner's concern.
 */
export function countCardEvent(cardId: number, kind: 'tts_play' | 'type_in') {
  requestJson(urlFor('learn.cards.daily_events', { id: cardId }), {
    method: 'POST',
    json: { kind },
  }).catch(() => {})
}

/**
 * The shown side read aloud by the browser in the deck's language for that
 * side: a play button, and with autoplay the side is read as it appears.
 */
export function SpeakSide({
  card,
  side,
}: {
  card: Pick<Data.LearningCard, 'id' | 'tts' | 'front' | 'back'>
  side: 'front' | 'back'
}) {
  const t = useT()
  const tts = card.tts!
  const speaks = useCanSpeak()
  const language = side === 'front' ? tts.frontLanguage : tts.backLanguage
  const play = () => {
    if (speak(spokenText(side === 'front' ? card.front : card.back), language))
      countCardEvent(card.id, 'tts_play')
  }
  /* read as the side appears: another card or side is the cue, the latest settings say whether */
  const autoplay = useEffectEvent(() => {
    if (tts.autoplay) play()
  })
  useEffect(() => {
    autoplay()
    return () => stopSpeaking()
  }, [card.id, side])
  if (!speaks) return null
  return (
    <button
      type="button"
      className="button small learn-speak"
      data-side={side}
      onClick={play}
      aria-label={side === 'front' ? t('media.tts.play_front') : t('media.tts.play_back')}
    >
      <Play size="1em" aria-hidden="true" />{' '}
      {side === 'front' ? t('media.tts.play_front') : t('media.tts.play_back')}
    </button>
  )
}
