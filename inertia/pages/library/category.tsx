import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { DeckList, Pager } from '~/components/library/deck_tile'
import type { Data } from '~generated/data'
import '~/css/library.css'

type Props = {
  category: Data.LibraryCategory
  subcategory: Data.LibraryCategory
  decks: Data.LibraryDeck[]
  total: number
  offset: number
  limit: number
}

export default function LibraryCategoryPage({
  category,
  subcategory,
  decks,
  total,
  offset,
  limit,
}: Props) {
  const t = useT()
  const title = `${subcategory.name} · ${category.name}`
  return (
    <div className="stack">
      <Head title={title}>
        <meta name="description" content={t('library.category_meta', { name: subcategory.name })} />
      </Head>
      <nav className="muted">
        <Link route="library.home">{t('library.title')}</Link> › {category.name}
      </nav>
      <h1>{subcategory.name}</h1>
      <p className="muted">{t('library.decks_count', { count: total })}</p>
      <DeckList decks={decks} />
      <Pager
        href={(next) =>
          urlFor(
            'library.subcategory',
            { category: category.key, subcategory: subcategory.key },
            { qs: { offset: next } }
          )
        }
        offset={offset}
        limit={limit}
        total={total}
      />
    </div>
  )
}
