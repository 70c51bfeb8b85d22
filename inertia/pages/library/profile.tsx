import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { Avatar } from '~/components/avatar'
import { DeckList } from '~/components/library/deck_tile'
import type { Data } from '~generated/data'
import '~/css/library.css'

export default function PublicProfilePage({ profile }: { profile: Data.PublicProfile | null }) {
  const t = useT()
  if (!profile) {
    return (
      <div className="stack">
        <Head title={t('library.user_not_found_title')}>
          <meta name="robots" content="noindex" />
        </Head>
        <h1>{t('library.user_not_found_title')}</h1>
        <p>{t('library.user_not_found_body')}</p>
        <Link route="library.home">{t('library.title')}</Link>
      </div>
    )
  }
  const name = profile.name ?? profile.username ?? ''
  return (
    <div className="stack">
      <Head title={name}>
        <meta name="description" content={t('library.profile_meta', { name })} />
      </Head>
      <header className="row">
        <Avatar user={{ ...profile, name }} size={64} />
        <div>
          <h1>{name}</h1>
          {profile.username && <p className="muted">@{profile.username}</p>}
        </div>
      </header>
      <p className="muted">
        {t('library.profile_rating')}:{' '}
        {profile.ratingStats.totalRatings
          ? t('library.rating_summary', {
              average: profile.ratingStats.averageRating,
              count: profile.ratingStats.totalRatings,
            })
          : t('library.not_rated')}
        {' · '}
        {t('library.profile_studiers')}: {profile.totalStudiers}
      </p>
      {profile.about && (
        <section>
          <h2>{t('library.profile_about')}</h2>
          <p>{profile.about}</p>
        </section>
      )}
      {Object.keys(profile.socialLinks).length > 0 && (
        <ul className="row" aria-label={t('library.profile_links')}>
          {Object.entries(profile.socialLinks).map(([network, url]) => (
            <li key={network}>
              <a href={String(url)} rel="nofollow noopener noreferrer" target="_blank">
                {network}
              </a>
            </li>
          ))}
        </ul>
      )}
      <section className="stack">
        <h2>{t('library.profile_decks')}</h2>
        <DeckList decks={profile.publishedDecks} />
      </section>
    </div>
  )
}
