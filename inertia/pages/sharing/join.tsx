import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { Avatar } from '~/components/avatar'
import { FormError } from '~/components/ui/form_error'
import '~/css/decks.css'
import '~/css/sharing.css'
import type { Data } from '~generated/data'

type SharedDeck = Data.SharedDeck

type Props = {
  sharedDeck: SharedDeck
  signedIn: boolean
  /** sign-in that comes back here; sign-up comes back through the remembered page */
  signInUrl: string
}

/** The page a sharing link opens: the deck, its owner and size, and the way in. */
export default function JoinSharedDeck({ sharedDeck, signedIn, signInUrl }: Props) {
  const t = useT()
  const inList = sharedDeck.isOwnedByCurrentUser || sharedDeck.isLearningByCurrentUser
  const [joining, setJoining] = useState(false)
  const join = () => {
    setJoining(true)
    router.post(
      urlFor('shared.join', { token: sharedDeck.sharingToken }),
      {},
      { onFinish: () => setJoining(false) }
    )
  }
  return (
    <div className="stack narrow sharing-join">
      <Head title={sharedDeck.name} />
      <p className="row muted">
        <Avatar user={sharedDeck.ownedBy} />
        <span>{t('sharing.join.title', { owner: sharedDeck.ownedBy.name })}</span>
      </p>
      <h1>{sharedDeck.name}</h1>
      <FormError />
      <p className="muted">
        {t('sharing.join.cards', { count: sharedDeck.cardsCount })} ·{' '}
        {t('sharing.join.notes', { count: sharedDeck.notesCount })} ·{' '}
        {t('sharing.join.subdecks', { count: sharedDeck.subdecks.length })}
      </p>
      {!signedIn && (
        <>
          <p>{t('sharing.join.signed_out')}</p>
          <div className="row">
            <a href={signInUrl} className="button primary">
              {t('sharing.join.sign_in')}
            </a>
            <Link route="auth.sign_up" className="button ghost">
              {t('sharing.join.sign_up')}
            </Link>
          </div>
        </>
      )}
      {signedIn && inList && (
        <>
          <p>{t(sharedDeck.isOwnedByCurrentUser ? 'sharing.join.own' : 'sharing.join.learning')}</p>
          <Link route="decks.show" routeParams={{ id: sharedDeck.id }} className="button primary">
            {t('sharing.join.open')}
          </Link>
        </>
      )}
      {signedIn && !inList && (
        <button type="button" className="button primary large" disabled={joining} onClick={join}>
          {t('sharing.join.button')}
        </button>
      )}
    </div>
  )
}
