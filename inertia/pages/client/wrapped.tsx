import { useState, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'
import '~/css/client.css'

type Wrapped = Data.Wrapped

/**
 * Shares the year's image: the Web Share API with the PNG where the browser
 * can share files, else the image is downloaded.
 */
async function shareImage(url: string, year: number) {
  const response = await fetch(url, { credentials: 'same-origin' })
  const blob = await response.blob()
  const file = new File([blob], `mnemo-${year}.png`, { type: 'image/png' })
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    await navigator.share({ files: [file], title: `Mnemo ${year}` })
    return 'shared' as const
  }
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = file.name
  link.click()
  URL.revokeObjectURL(link.href)
  return 'downloaded' as const
}

type Slide = { id: string; body: ReactNode }
type T = ReturnType<typeof useT>

/** The figures' slides: cards, days, when, the top decks and the hardest card (those with something to show). */
function figureSlides(t: T, wrapped: Wrapped, date: (day: string) => string): Slide[] {
  return [
    {
      id: 'studied',
      body: (
        <>
          <span className="figure">{wrapped.studiedCardsCount}</span>
          <p>{t('client.wrapped.cards_studied', { count: wrapped.studiedCardsCount })}</p>
          <p>
            {wrapped.createdCardsCount}{' '}
            {t('client.wrapped.cards_created', { count: wrapped.createdCardsCount })}
          </p>
        </>
      ),
    },
    {
      id: 'days',
      body: (
        <>
          <span className="figure">{wrapped.activeDaysCount}</span>
          <p>{t('client.wrapped.active_days', { count: wrapped.activeDaysCount })}</p>
          <p>
            {wrapped.longestStreak} ·{' '}
            {t('client.wrapped.best_streak', { count: wrapped.longestStreak })}
          </p>
        </>
      ),
    },
    {
      id: 'when',
      body: (
        <>
          {wrapped.mostProductiveDay && (
            <p>
              {t('client.wrapped.busiest_day', {
                date: date(wrapped.mostProductiveDay.date),
                count: wrapped.mostProductiveDay.cardsStudied,
              })}
            </p>
          )}
          {wrapped.busiestHourBucket && (
            <p className="figure-text">
              {t('client.wrapped.busiest_bucket', {
                bucket: t(`client.wrapped.bucket_${wrapped.busiestHourBucket}`),
              })}
            </p>
          )}
        </>
      ),
    },
    ...(wrapped.mostProductiveDecks.length
      ? [
          {
            id: 'decks',
            body: (
              <>
                <h2>{t('client.wrapped.top_decks')}</h2>
                <ol>
                  {wrapped.mostProductiveDecks.map((deck) => (
                    <li key={deck.id}>
                      {deck.name} · {t('client.wrapped.deck_cards', { count: deck.cardsStudied })}
                    </li>
                  ))}
                </ol>
              </>
            ),
          },
        ]
      : []),
    ...(wrapped.mostChallengedCard
      ? [
          {
            id: 'hardest',
            body: (
              <p>
                {t('client.wrapped.hardest_card', {
                  front: wrapped.mostChallengedCard.front,
                  count: wrapped.mostChallengedCard.againCount,
                })}
              </p>
            ),
          },
        ]
      : []),
  ]
}

/** The last slide: the image made on the server, shared (Web Share API) or downloaded. */
function ShareSlide({ wrapped, imageUrl }: { wrapped: Wrapped; imageUrl: string }) {
  const t = useT()
  const [shareState, setShareState] = useState<'idle' | 'shared'>('idle')
  return (
    <>
      <img
        src={imageUrl}
        alt={t('client.wrapped.title', { year: wrapped.year })}
        width={270}
        height={338}
        style={{ maxWidth: '100%', height: 'auto', borderRadius: 12 }}
      />
      <div className="row">
        <button
          type="button"
          className="button primary"
          data-share
          onClick={() =>
            shareImage(imageUrl, wrapped.year)
              .then((how) => setShareState(how === 'shared' ? 'shared' : 'idle'))
              .catch(() => undefined)
          }
        >
          {t('client.wrapped.share')}
        </button>
        <a className="button" href={imageUrl} download={`mnemo-${wrapped.year}.png`}>
          {t('client.wrapped.download')}
        </a>
      </div>
      {shareState === 'shared' && <p role="status">{t('client.wrapped.shared')}</p>}
    </>
  )
}

/** The year in review as slides (spec: Wrapped story), with the share image at the end. */
export default function WrappedPage({
  wrapped,
  currentYear,
  firstYear,
}: {
  wrapped: Wrapped
  currentYear: number
  firstYear: number
}) {
  const t = useT()
  const { locale } = useShared()
  const [index, setIndex] = useState(0)
  const date = (day: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`)
    )
  const imageUrl = `${urlFor('wrapped.share')}?year=${wrapped.year}`
  const nothing = wrapped.studiedCardsCount === 0

  const slides: Slide[] = [
    {
      id: 'intro',
      body: (
        <>
          <h2>{t('client.wrapped.title', { year: wrapped.year })}</h2>
          <p>{nothing ? t('client.wrapped.empty') : t('client.wrapped.intro')}</p>
          <p>{t('client.wrapped.days_with_us', { count: wrapped.daysWithUs })}</p>
        </>
      ),
    },
    ...(nothing ? [] : figureSlides(t, wrapped, date)),
    { id: 'share', body: <ShareSlide wrapped={wrapped} imageUrl={imageUrl} /> },
  ]
  const slide = slides[Math.min(index, slides.length - 1)]
  /* the years since the learner joined, newest first */
  const years = Array.from(
    { length: currentYear - firstYear + 1 },
    (_, i) => currentYear - i
  ).filter((year) => year !== wrapped.year)

  return (
    <div className="wrapped">
      <Head title={t('client.wrapped.title', { year: wrapped.year })} />
      <h1>{t('client.wrapped.title', { year: wrapped.year })}</h1>
      <section
        className="wrapped-slide"
        aria-roledescription="slide"
        aria-label={t('client.wrapped.slide', { index: index + 1, total: slides.length })}
        data-slide={slide.id}
      >
        {slide.body}
      </section>
      <div className="wrapped-nav">
        <button
          type="button"
          className="button"
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
        >
          {t('client.wrapped.previous')}
        </button>
        <div className="wrapped-dots" aria-hidden="true">
          {slides.map((item, i) => (
            <span key={item.id} aria-current={i === index} />
          ))}
        </div>
        <button
          type="button"
          className="button primary"
          disabled={index >= slides.length - 1}
          onClick={() => setIndex(index + 1)}
        >
          {t('client.wrapped.next')}
        </button>
      </div>
      <nav aria-label={t('client.wrapped.other_year')} className="row">
        {years.map((year) => (
          <a key={year} href={`${urlFor('wrapped.show')}?year=${year}`}>
            {year}
          </a>
        ))}
      </nav>
    </div>
  )
}
