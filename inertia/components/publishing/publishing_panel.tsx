import { useState } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { useShared } from '~/lib/shared'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']

/* the config's minimum (config/publishing.ts), shown as a hint; the server checks it */
const MIN_DESCRIPTION = 50

/** The owner's publishing panel on a root deck: submit (or a new version), the review's outcome, unpublish. */
export type LibraryCategoryChoice = { key: string; subs: string[] }

export function PublishingPanel({
  deck,
  categories,
}: {
  deck: Deck
  categories: LibraryCategoryChoice[]
}) {
  const t = useT()
  /* the server's field errors (too short a description, no name), shown under their fields */
  const errors = useShared().errors as Record<string, string | undefined>
  const published = deck.publicDeck
  const [name, setName] = useState(published?.name ?? deck.name)
  /* "category/subcategory", or '' to leave the filing as it is */
  const [place, setPlace] = useState('')
  const [description, setDescription] = useState(published?.description ?? '')
  const live = published && !published.unpublishedAt && published.status === 'approved'
  const [category, subcategory] = place ? place.split('/') : [null, null]
  const submit = () =>
    router.post(
      urlFor('decks.publish', { id: deck.id }),
      { name, description, category, subcategory },
      { preserveScroll: true }
    )
  return (
    <section className="card stack publishing-panel" aria-labelledby="publishing-title">
      <h2 id="publishing-title">{t('publishing.panel.title')}</h2>
      {published && (
        <p className="publishing-status" data-status={published.revisionStatus ?? published.status}>
          {published.unpublishedAt
            ? t('publishing.panel.unpublished')
            : published.revisionStatus === 'rejected'
              ? t('publishing.panel.rejected', { reason: published.reason ?? '' })
              : published.revisionStatus === 'pending'
                ? t('publishing.panel.pending')
                : t('publishing.panel.live')}
        </p>
      )}
      {live && <a href={published.url}>{t('publishing.panel.view')}</a>}
      <label className="stack">
        {t('publishing.panel.name')}
        <input
          name="name"
          value={name}
          maxLength={255}
          aria-invalid={errors.name ? true : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {errors.name && (
          <small className="field-error" role="alert">
            {errors.name}
          </small>
        )}
      </label>
      <label className="stack">
        {t('publishing.panel.description')}
        <textarea
          name="description"
          value={description}
          maxLength={2000}
          aria-invalid={errors.description ? true : undefined}
          onChange={(event) => setDescription(event.target.value)}
        />
        <small>{t('publishing.panel.description_hint', { min: MIN_DESCRIPTION })}</small>
        {errors.description && (
          <small className="field-error" role="alert">
            {errors.description}
          </small>
        )}
      </label>
      <label className="stack">
        {t('publishing.panel.category')}
        <select value={place} onChange={(event) => setPlace(event.target.value)}>
          <option value="">{t('publishing.panel.category_none')}</option>
          {categories.map((choice) => (
            <optgroup key={choice.key} label={t(`library.categories.${choice.key}.name`)}>
              {choice.subs.map((key) => (
                <option key={key} value={`${choice.key}/${key}`}>
                  {t(`library.categories.${choice.key}.subs.${key}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <div className="row">
        <button type="button" className="button" onClick={submit}>
          {t(published ? 'publishing.panel.submit_new' : 'publishing.panel.submit')}
        </button>
        {published && !published.unpublishedAt && (
          <button
            type="button"
            className="button ghost"
            onClick={() =>
              router.post(
                urlFor('deck_revisions.unpublish', { id: published.deckRevisionId }),
                {},
                { preserveScroll: true }
              )
            }
          >
            {t('publishing.panel.unpublish')}
          </button>
        )}
      </div>
    </section>
  )
}

/** On a clone: a newer approved version of its library deck, and the button that pulls it. */
export function LibraryUpdateBanner({ deck }: { deck: Deck }) {
  const t = useT()
  if (!deck.libraryUpdate) return null
  return (
    <div className="card row library-update" role="status">
      <p>{t('publishing.update.banner', deck.libraryUpdate.changes)}</p>
      <button
        type="button"
        className="button"
        onClick={() =>
          router.post(
            urlFor('decks.pull_library_update', { id: deck.id }),
            {},
            { preserveScroll: true }
          )
        }
      >
        {t('publishing.update.pull')}
      </button>
    </div>
  )
}
