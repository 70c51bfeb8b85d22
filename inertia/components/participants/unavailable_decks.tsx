import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

type UnavailableDeck = Data.UnavailableDeck

/* literal keys, so the catalogue test sees every one */
const REASONS = {
  deleted_by_owner: 'participant.unavailable.deleted_by_owner',
  access_removed: 'participant.unavailable.access_removed',
  sharing_stopped: 'participant.unavailable.sharing_stopped',
} as const

/**
 * Shared decks no longer available to this former participant: each with why (ask for a new invite link),
 * until dismissed.
 */
export function UnavailableDecks({
  decks,
  reload,
}: {
  decks: UnavailableDeck[]
  reload: string[]
}) {
  const t = useT()
  if (!decks.length) return null
  const dismiss = (id: number) =>
    router.delete(urlFor('decks.leave_shared', { id }), { preserveScroll: true, only: reload })
  return (
    <section
      className="card stack"
      aria-labelledby="unavailable-decks"
      data-state="unavailable-decks"
    >
      <h2 id="unavailable-decks">{t('participant.unavailable.list_title')}</h2>
      <ul className="stack">
        {decks.map((deck) => (
          <li key={deck.id} className="row" data-reason={deck.reason}>
            <div>
              <strong>{deck.name}</strong>
              <p className="muted">{t(REASONS[deck.reason])}</p>
            </div>
            <button
              type="button"
              className="button"
              onClick={() => dismiss(deck.id)}
              aria-label={t('participant.unavailable.dismiss_named', { name: deck.name })}
            >
              {t('participant.unavailable.dismiss')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
