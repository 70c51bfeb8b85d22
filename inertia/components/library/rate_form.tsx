import { Link } from '@adonisjs/inertia/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { CsrfField } from '~/components/ui/csrf_field'

type Props = {
  slug: string
  ownRating: { rating: number; comment: string | null } | null
  isAuthor: boolean
}

/** The deck page's rate form: a real form (posts before React takes over too); a second rating replaces the first. */
export function RateForm({ slug, ownRating, isAuthor }: Props) {
  const t = useT()
  const { user } = useShared()
  if (!user || user.isGuest) {
    return (
      <p>
        <Link route="auth.sign_in">{t('library.rate_sign_in')}</Link>
      </p>
    )
  }
  if (isAuthor) return <p className="muted">{t('library.own_deck')}</p>
  return (
    <form method="post" action={urlFor('library.deck.rate', { slug })} className="stack">
      <CsrfField />
      <label>
        {t('library.rate_stars')}
        <select name="rating" defaultValue={String(ownRating?.rating ?? 5)}>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {t('library.stars', { stars })}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('library.rate_comment')}
        <textarea
          name="comment"
          maxLength={2000}
          rows={3}
          defaultValue={ownRating?.comment ?? ''}
        />
      </label>
      <button type="submit" className="button primary">
        {t('library.rate_submit')}
      </button>
    </form>
  )
}
