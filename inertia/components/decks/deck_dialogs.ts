import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useAlert } from '~/components/ui/alert_dialog'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']

type VisitOptions = { preserveScroll?: boolean; preserveState?: boolean; onSuccess?: () => void }

/** The confirmations and name prompts every place that acts on a deck shares. */
export function useDeckDialogs() {
  const t = useT()
  const alert = useAlert()
  return {
    addSubdeck: (
      deck: Pick<Deck, 'id' | 'name'>,
      options: VisitOptions = { preserveScroll: true }
    ) =>
      alert({
        title: t('decks.menu.add_subdeck'),
        body: t('decks.menu.add_subdeck_body', { name: deck.name }),
        input: { label: t('decks.deck.name'), maxLength: 255 },
        submitLabel: t('decks.actions.create'),
        onSubmit: (name) =>
          name.trim() &&
          router.post(
            urlFor('decks.store'),
            { deck: { name: name.trim(), parent_id: deck.id } },
            options
          ),
      }),
    resetProgress: (
      deck: Pick<Deck, 'id' | 'name'>,
      options: VisitOptions = { preserveScroll: true }
    ) =>
      alert({
        title: t('decks.menu.reset_progress'),
        body: t('decks.confirm.reset_progress', { name: deck.name }),
        submitLabel: t('decks.actions.reset'),
        danger: true,
        onSubmit: () => router.post(urlFor('decks.reset_progress', { id: deck.id }), {}, options),
      }),
    remove: (deck: Pick<Deck, 'id' | 'name'>, options: VisitOptions = {}) =>
      alert({
        title: t('decks.menu.delete'),
        body: t('decks.confirm.delete', { name: deck.name }),
        submitLabel: t('decks.actions.delete'),
        danger: true,
        onSubmit: () => router.delete(urlFor('decks.destroy', { id: deck.id }), options),
      }),
  }
}
