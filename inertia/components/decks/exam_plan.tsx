import { Form } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { formatDay } from '~/components/study/dates'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']
type ExamPlan = Data.ExamPlan

export type { ExamPlan }

const percent = (value: number) => `${Math.round(value * 1000) / 10} %`

/**
 * The plan toward the exam (exam_plan.ts): cards still to learn, reviews a day, predicted retention, and a
 * warning when it does not fit.
 */
export function ExamPlanPanel({ plan }: { plan: ExamPlan }) {
  const t = useT()
  const { locale } = useShared()
  const heaviest = Math.max(1, ...plan.reviewsPerDay)
  return (
    <section className="card stack exam-plan" aria-labelledby="exam-plan">
      <h2 id="exam-plan">{t('exam.plan.title')}</h2>
      <p>
        {t('exam.plan.days_left', {
          date: formatDay(locale, plan.examDate, { dateStyle: 'long' }),
          days: plan.daysLeft,
        })}
      </p>
      <dl className="exam-plan-figures">
        <div>
          <dt>{t('exam.plan.cards_to_learn')}</dt>
          <dd data-testid="exam-cards-to-learn">{plan.cardsToLearn}</dd>
        </div>
        <div>
          <dt>{t('exam.plan.new_per_day')}</dt>
          <dd>{plan.newPerDay}</dd>
        </div>
        <div>
          <dt>{t('exam.plan.predicted_retention')}</dt>
          <dd data-testid="exam-predicted-retention">{percent(plan.predictedRetention)}</dd>
        </div>
        <div>
          <dt>{t('exam.plan.target')}</dt>
          <dd>{percent(plan.target)}</dd>
        </div>
      </dl>
      {!plan.fits && (
        <p className="notice warning" role="alert">
          {plan.ceiling === null || plan.daysLeft <= 4
            ? t('exam.plan.too_late', { count: plan.cardsToLearn })
            : t('exam.plan.over_ceiling', { needed: plan.newNeeded, ceiling: plan.ceiling })}
        </p>
      )}
      <table className="exam-plan-days">
        <caption>{t('exam.plan.reviews_per_day')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('exam.plan.day')}</th>
            <th scope="col">{t('exam.plan.reviews')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.reviewsPerDay.map((reviews, index) => (
            <tr key={index}>
              <th scope="row">
                {index === 0 ? t('exam.plan.today') : t('exam.plan.in_days', { days: index })}
              </th>
              <td>
                <span
                  className="exam-plan-bar"
                  style={{ width: `${(reviews / heaviest) * 100}%` }}
                  aria-hidden="true"
                />
                {reviews}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** The exam date and the ceiling of new cards a day (root decks, their owner). */
export function ExamSettings({ deck, editable }: { deck: Deck; editable: boolean }) {
  const t = useT()
  /* the fields are the deck update's own (`deck[…]`); an empty one reaches the server as null: no date, no ceiling */
  return (
    <Form
      route="decks.update"
      routeParams={{ id: deck.id }}
      options={{ preserveScroll: true }}
      className="card stack exam-settings"
      aria-labelledby="exam-settings"
    >
      {({ errors, processing }) => (
        <>
          <h2 id="exam-settings">{t('exam.settings.title')}</h2>
          <p className="muted">{t('exam.settings.description')}</p>
          <fieldset disabled={!editable} className="settings-grid">
            <label className="field">
              <span>{t('exam.settings.date')}</span>
              <input name="deck[exam_date]" type="date" defaultValue={deck.examDate ?? ''} />
              {errors['deck.exam_date'] && (
                <small className="field-error">{errors['deck.exam_date']}</small>
              )}
            </label>
            <label className="field">
              <span>{t('exam.settings.ceiling')}</span>
              <input
                name="deck[exam_new_cards_ceiling]"
                type="number"
                min={1}
                max={9999}
                inputMode="numeric"
                placeholder={t('decks.settings.no_limit')}
                defaultValue={deck.examNewCardsCeiling ?? ''}
              />
              {errors['deck.exam_new_cards_ceiling'] && (
                <small className="field-error">{errors['deck.exam_new_cards_ceiling']}</small>
              )}
            </label>
          </fieldset>
          <div className="row">
            <button type="submit" className="button primary" disabled={!editable || processing}>
              {t('exam.settings.save')}
            </button>
          </div>
        </>
      )}
    </Form>
  )
}
