import { Link } from '@adonisjs/inertia/react'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { CsrfField } from '~/components/ui/csrf_field'

/** "Add to my decks": publishing's clone (POST /library/clone_deck), a real form that works before React does. */
export function CloneForm({ deckId }: { deckId: number }) {
  const t = useT()
  const { user } = useShared()
  if (!user) {
    return (
      <Link route="auth.sign_in" className="button">
        {t('library.clone_sign_in')}
      </Link>
    )
  }
  return (
    <form method="post" action={urlFor('library.clone_deck')}>
      <CsrfField />
      <input type="hidden" name="deck_id" value={deckId} />
      <button type="submit" className="button primary">
        {t('library.clone')}
      </button>
    </form>
  )
}
