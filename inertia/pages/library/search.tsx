import { Head } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { DeckList, Pager } from '~/components/library/deck_tile'
import { SearchBox } from '~/components/library/search_box'
import type { Data } from '~generated/data'
import '~/css/library.css'

type Props = {
  query: string
  decks: Data.LibraryDeck[]
  total: number
  offset: number
  limit: number
  popularSearches: Data.PopularSearch[]
}

export default function LibrarySearch({
  query,
  decks,
  total,
  offset,
  limit,
  popularSearches,
}: Props) {
  const t = useT()
  return (
    <div className="stack">
      <Head title={t('library.results_title', { query })}>
        <meta name="robots" content="noindex" />
      </Head>
      <SearchBox query={query} popular={popularSearches} />
      <h1>{t('library.results_title', { query })}</h1>
      <p className="muted">{t('library.results_count', { count: total })}</p>
      <DeckList decks={decks} empty={t('library.no_results')} />
      <Pager
        href={(next) => urlFor('library.search', {}, { qs: { query, offset: next } })}
        offset={offset}
        limit={limit}
        total={total}
      />
    </div>
  )
}
