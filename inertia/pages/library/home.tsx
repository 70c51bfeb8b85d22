import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { DeckList } from '~/components/library/deck_tile'
import { SearchBox } from '~/components/library/search_box'
import type { Data } from '~generated/data'
import '~/css/library.css'

type Props = {
  categories: Data.LibraryCategoryTree[]
  trending: Data.LibraryDeck[]
  popular: Data.LibraryDeck[]
  fresh: Data.LibraryDeck[]
  popularSearches: Data.PopularSearch[]
}

export default function LibraryHome({
  categories,
  trending,
  popular,
  fresh,
  popularSearches,
}: Props) {
  const t = useT()
  return (
    <div className="stack">
      <Head title={t('library.title')}>
        <meta name="description" content={t('library.meta_description')} />
      </Head>
      <h1>{t('library.title')}</h1>
      <SearchBox popular={popularSearches} />
      <section className="stack" aria-labelledby="library-categories">
        <h2 id="library-categories">{t('library.categories_title')}</h2>
        <ul className="library-categories">
          {categories.map((category) => (
            <li
              key={category.key}
              className="library-category"
              style={{
                background: `linear-gradient(135deg, ${category.gradientColors.from}, ${category.gradientColors.to})`,
              }}
            >
              <strong>
                <img src={category.listIconUrl} alt="" width={20} height={20} /> {category.name}
              </strong>
              <ul>
                {category.subcategories.map((sub) => (
                  <li key={sub.key}>
                    <Link
                      route="library.subcategory"
                      routeParams={{ category: category.key, subcategory: sub.key }}
                    >
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <Link route="library.alphabetical">{t('library.alphabetical')}</Link>
      </section>
      {[
        ['trending', trending],
        ['popular', popular],
        ['new', fresh],
      ].map(([key, decks]) => (
        <section key={key as string} className="stack" aria-labelledby={`library-${key}`}>
          <h2 id={`library-${key}`}>{t(`library.${key}`)}</h2>
          <DeckList decks={decks as Data.LibraryDeck[]} />
        </section>
      ))}
    </div>
  )
}
