import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'

type Counters = Data.LearningBatch['topCounters']
type AlgorithmType = Data.LearningBatch['algorithmType']

/* which counter the card shown belongs to, underlined as Anki does */
function groupOf(state: string | undefined): keyof Counters | null {
  if (!state) return null
  if (state === 'new') return 'new'
  if (state === 'review' || state === 'got_it') return 'graduated'
  return 'learning'
}

/**
 * New, learning and to-review cards left today, in Anki's blue, red and green (speed learning: new, not quite,
 * got it).
 */
export function TopCounters({
  counters,
  algorithm,
  currentState,
}: {
  counters: Counters
  algorithm: AlgorithmType
  currentState?: string
}) {
  const t = useT()
  const speed = algorithm === 'speedLearning'
  const items: { key: keyof Counters; label: string }[] = [
    { key: 'new', label: t('learn.counters.new') },
    {
      key: 'learning',
      label: speed ? t('learn.counters.not_quite') : t('learn.counters.learning'),
    },
    { key: 'graduated', label: speed ? t('learn.counters.got_it') : t('learn.counters.review') },
  ]
  const current = groupOf(currentState)
  return (
    <ul className="learn-counters" aria-label={t('learn.counters.label')}>
      {items.map((item) => (
        <li
          key={item.key}
          className={`learn-count learn-count-${item.key}${current === item.key ? ' current' : ''}`}
          data-counter={item.key}
        >
          <span className="learn-count-value">{counters[item.key]}</span>
          <span className="learn-count-label">{item.label}</span>
        </li>
      ))}
    </ul>
  )
}
