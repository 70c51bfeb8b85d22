import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Star } from 'lucide-react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { DeckList, Pager } from '~/components/library/deck_tile'
import { RateForm } from '~/components/library/rate_form'
import { CloneForm } from '~/components/library/clone_form'
import type { Data } from '~generated/data'
import '~/css/library.css'

type Props = {
  deck: Data.LibraryDeck
  notes: Data.LibraryNote[]
  notesTotal: number
  offset: number
  reviews: Data.LibraryReview[]
  similar: Data.LibraryDeck[]
  ownRating: Data.LibraryReview.Variants['forEditor'] | null
  isAuthor: boolean
}

export default function LibraryDeckPage({
  deck,
  notes,
  notesTotal,
  offset,
  reviews,
  similar,
  ownRating,
  isAuthor,
}: Props) {
  const t = useT()
  const author = deck.author.name ?? deck.author.username ?? ''
  return (
    <div className="stack">
      <Head title={deck.name}>
        <meta name="description" content={deck.seoDescription} />
        {!deck.isIndexable && <meta name="robots" content="noindex" />}
        <link rel="canonical" href={deck.sharingLink} />
      </Head>
      <nav className="muted">
        <Link route="library.home">{t('library.title')}</Link>
        {deck.category?.subcategory && (
          <>
            {' › '}
            <Link
              route="library.subcategory"
              routeParams={{
                category: deck.category.key,
                subcategory: deck.category.subcategory.key,
              }}
            >
              {deck.category.subcategory.name}
            </Link>
          </>
        )}
      </nav>
      <header className="stack">
        <h1>{deck.name}</h1>
        <p>
          <Link route="users.profile" routeParams={{ id: deck.author.id }}>
            {t('library.by_author', { name: author })}
          </Link>
        </p>
        <p className="muted">
          {t('library.notes_count', { count: deck.notesCount })} ·{' '}
          {t('library.cards_count', { count: deck.cardsCount })} ·{' '}
          {t('library.studiers_count', { count: deck.studiersCount })} ·{' '}
          {t('library.downloads_count', { count: deck.downloadsCount })}
        </p>
        <p className="library-description">{deck.description}</p>
        <CloneForm deckId={deck.id} />
      </header>

      <section className="stack" aria-labelledby="library-notes">
        <h2 id="library-notes">{t('library.notes_title')}</h2>
        <ul className="library-notes">
          {notes.map((note) => (
            <li key={note.id} className="library-note card">
              <div dangerouslySetInnerHTML={{ __html: note.front.html }} />
              <div dangerouslySetInnerHTML={{ __html: note.back.html }} />
            </li>
          ))}
        </ul>
        <Pager
          href={(next) => urlFor('library.deck', { slug: deck.slug }, { qs: { offset: next } })}
          offset={offset}
          limit={20}
          total={notesTotal}
        />
      </section>

      <section className="stack" aria-labelledby="library-reviews">
        <h2 id="library-reviews">{t('library.reviews_title')}</h2>
        <p>
          {deck.rating.count
            ? t('library.rating_summary', {
                average: deck.rating.average,
                count: deck.rating.count,
              })
            : t('library.not_rated')}
        </p>
        <ul className="muted">
          {[5, 4, 3, 2, 1].map((stars) => (
            <li key={stars}>
              {t('library.breakdown_row', {
                stars,
                count: deck.rating.ratingBreakdown[String(stars)] ?? 0,
              })}
            </li>
          ))}
        </ul>
        {reviews.length === 0 && <p className="muted">{t('library.no_reviews')}</p>}
        {reviews.map((review) => (
          <blockquote key={review.id} className="card">
            <strong
              className="rating-stars"
              role="img"
              aria-label={t('library.stars', { stars: review.rating })}
            >
              {Array.from({ length: review.rating }, (_, index) => (
                <Star key={index} size="1em" fill="currentColor" />
              ))}
            </strong>{' '}
            {review.comment}
            <footer className="muted">{review.author.name ?? review.author.username}</footer>
          </blockquote>
        ))}
        <h3>{t('library.rate_title')}</h3>
        <RateForm slug={deck.slug} ownRating={ownRating} isAuthor={isAuthor} />
      </section>

      <section className="stack" aria-labelledby="library-similar">
        <h2 id="library-similar">{t('library.similar_title')}</h2>
        <DeckList decks={similar} />
      </section>
    </div>
  )
}
