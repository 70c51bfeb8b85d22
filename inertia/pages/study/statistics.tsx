import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { Heatmap } from '~/components/study/heatmap'
import { ForecastBars } from '~/components/study/forecast_bars'
import { RetentionFigures } from '~/components/study/retention_figures'
import {
  AnswerButtonsChart,
  HourlyChart,
  IntervalsChart,
  RetentionByAgeChart,
} from '~/components/study/answer_charts'
import type { Data } from '~generated/data'
import { urlFor } from '~/lib/routes'
import '~/css/study.css'

/* the deck picker's choices (DeckTransformer.choices, not a BaseTransformer yet: its picker variant replaces this) */
type DeckChoice = { id: number; name: string; depth: number }

type Props = {
  statistics: Data.Statistics
  /** every deck not archived, for the picker */
  decks: DeckChoice[]
}

/**
 * A year of reviews, the coming month's workload and how well cards are remembered: all decks, or one with its
 * subdecks.
 */
export default function StatisticsPage({ statistics, decks }: Props) {
  const t = useT()
  const selectDeck = (value: string) =>
    router.get(urlFor('statistics.show'), value ? { deck_id: value } : {}, {
      preserveScroll: true,
      preserveState: true,
    })

  return (
    <div className="stack stats-page">
      <Head title={t('stats.statistics.title')} />
      <div className="stats-header">
        <div>
          <h1>{t('stats.statistics.title')}</h1>
          {statistics.deck && (
            <p className="muted">
              {t('stats.statistics.subtitle_deck', { deck: statistics.deck.name })}
            </p>
          )}
        </div>
        <label className="field stats-deck-picker">
          <span>{t('stats.statistics.deck_label')}</span>
          <select
            value={statistics.deck?.id ?? ''}
            onChange={(event) => selectDeck(event.target.value)}
          >
            <option value="">{t('stats.statistics.all_decks')}</option>
            {decks.map((deck) => (
              <option key={deck.id} value={deck.id}>
                {`${'\u00a0\u00a0'.repeat(deck.depth)}${deck.name}`}
              </option>
            ))}
          </select>
        </label>
      </div>

      <section className="card stack" aria-labelledby="stats-reviews">
        <h2 id="stats-reviews">{t('stats.heatmap.title')}</h2>
        <Heatmap heatmap={statistics.heatmap} />
      </section>

      <section className="card stack" aria-labelledby="stats-forecast">
        <h2 id="stats-forecast">{t('stats.forecast.title')}</h2>
        <ForecastBars forecast={statistics.forecast} />
      </section>

      <section className="card stack" aria-labelledby="stats-retention">
        <h2 id="stats-retention">{t('stats.retention.title')}</h2>
        <RetentionFigures statistics={statistics} />
      </section>

      <section className="card stack" aria-labelledby="stats-answers">
        <h2 id="stats-answers">{t('stats.charts.title')}</h2>
        <AnswerButtonsChart statistics={statistics} />
        <HourlyChart statistics={statistics} />
      </section>

      <section className="card stack" aria-labelledby="stats-intervals">
        <h2 id="stats-intervals">{t('stats.charts.intervals_title')}</h2>
        <IntervalsChart statistics={statistics} />
        <RetentionByAgeChart statistics={statistics} />
      </section>
    </div>
  )
}
