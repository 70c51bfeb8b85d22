import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import type { Data } from '~generated/data'

type Entry = Data.Note.Variants['forEditor']['speech'][number]

const ERROR_KEYS: Record<string, string> = {
  E_TTS_TEXT_TOO_LONG: 'media.tts.error_too_long',
  E_TTS_LANGUAGE_UNAVAILABLE: 'media.tts.error_language',
}

/**
 * The note's text-to-speech in the editor: whether the deck speaks its
 * cards, and for a saved note the state of each side's audio made for the
 * apps (being made, ready, failed and why). Nothing while the ai_speech
 * remote flag is off: the server makes no speech then.
 */
type SpeakingDeck = Pick<
  Data.CardEditor['deck'],
  'ttsEnabled' | 'ttsFrontSideLanguage' | 'ttsBackSideLanguage'
>

export function SpeechStatus({ deck, speech }: { deck: SpeakingDeck; speech: Entry[] | null }) {
  const t = useT()
  const { remoteFlags } = useShared()
  if (!deck.ttsEnabled || !remoteFlags.ai_speech) return null
  const sideName = (side: string) => (side === 'front' ? t('media.tts.front') : t('media.tts.back'))
  return (
    <section
      className="speech-status"
      aria-label={t('media.tts.title')}
      data-testid="speech-status"
    >
      <p className="muted">
        {t('media.tts.on', {
          front: deck.ttsFrontSideLanguage ?? 'en',
          back: deck.ttsBackSideLanguage ?? 'en',
        })}
      </p>
      {speech && speech.length > 0 && (
        <ul className="speech-states">
          {speech.map((entry) => (
            <li key={entry.side} data-side={entry.side} data-state={entry.state}>
              <strong>{sideName(entry.side)}</strong>{' '}
              {entry.state === 'failed'
                ? t('media.tts.state_failed', {
                    reason: t(ERROR_KEYS[entry.errorCode ?? ''] ?? 'media.tts.error_other', {
                      max: 1000,
                    }),
                  })
                : t(`media.tts.state_${entry.state}`)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
