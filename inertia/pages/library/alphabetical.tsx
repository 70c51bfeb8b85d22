import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { DeckList, Pager } from '~/components/library/deck_tile'
import type { Data } from '~generated/data'
import '~/css/library.css'

type Props = {
  query: string
  decks: Data.LibraryDeck[]
  total: number
  offset: number
  limit: number
}
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')

export default function LibraryAlphabetical({ query, decks, total, offset, limit }: Props) {
  const t = useT()
  return (
    <div className="stack">
      <Head title={t('library.alphabetical')}>
        <meta name="description" content={t('library.meta_description')} />
      </Head>
      <nav className="muted">
        <Link route="library.home">{t('library.title')}</Link>
      </nav>
      <h1>{t('library.alphabetical')}</h1>
      <p className="row">
        {LETTERS.map((letter) => (
          <Link
            key={letter}
            route="library.alphabetical"
            qs={{ query: letter }}
            aria-current={query.toUpperCase() === letter ? 'page' : undefined}
          >
            {letter}
          </Link>
        ))}
      </p>
      <p className="muted">{t('library.decks_count', { count: total })}</p>
      <DeckList decks={decks} />
      <Pager
        href={(next) => urlFor('library.alphabetical', {}, { qs: { query, offset: next } })}
        offset={offset}
        limit={limit}
        total={total}
      />
    </div>
  )
}
