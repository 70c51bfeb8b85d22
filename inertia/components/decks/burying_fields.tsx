import { useT } from '~/lib/i18n'
import type { AlgorithmForm } from '~/components/decks/use_algorithm_form'

/* literal keys, so the catalogue test sees every one */
const OPTIONS = [
  { field: 'buryNew', name: 'bury_new', label: 'algorithm.burying.new' },
  { field: 'buryReviews', name: 'bury_reviews', label: 'algorithm.burying.reviews' },
  {
    field: 'buryInterdayLearning',
    name: 'bury_interday_learning',
    label: 'algorithm.burying.interday_learning',
  },
] as const

/**
 * Anki's sibling burying: three switches, off unless the learner turns them
 * on. Answering a card keeps its note's other cards of the kinds on until
 * the next study day.
 */
export function BuryingFields({
  algorithm,
  editable,
}: {
  algorithm: AlgorithmForm
  editable: boolean
}) {
  const t = useT()
  const { form, data } = algorithm
  return (
    <fieldset className="stack" disabled={!editable} style={{ gap: '0.5rem' }}>
      <legend>{t('algorithm.burying.legend')}</legend>
      {OPTIONS.map((option) => (
        <label className="checkbox" key={option.field}>
          <input
            type="checkbox"
            name={option.name}
            checked={data[option.field]}
            aria-describedby="algorithm-burying-hint"
            onChange={(event) => form.setData(option.field, event.target.checked)}
          />
          <span>{t(option.label)}</span>
        </label>
      ))}
      <small id="algorithm-burying-hint" className="muted">
        {t('algorithm.burying.hint')}
      </small>
    </fieldset>
  )
}
