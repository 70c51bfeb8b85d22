import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { DialogFrame } from '~/components/ui/dialog'
import { HttpError, requestJson } from '~/lib/http'
import type { Data } from '~generated/data'
import { urlFor } from '~/lib/routes'

type Suggestion = Data.ImageSuggestions['suggestions'][number]
export type PickedImage = Data.PickedImage

/* not a <form>: the dialog opens inside the note editor's form, and Enter must not save the note */
function SearchBox({
  query,
  setQuery,
  disabled,
  onSearch,
}: {
  query: string
  setQuery: (query: string) => void
  disabled: boolean
  onSearch: () => void
}) {
  const t = useT()
  return (
    <div className="row" role="search">
      <input
        type="search"
        name="q"
        aria-label={t('media.image_search.query')}
        placeholder={t('media.image_search.placeholder')}
        value={query}
        maxLength={200}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return
          event.preventDefault()
          onSearch()
        }}
      />
      <button
        type="button"
        className="button primary"
        disabled={!query.trim() || disabled}
        onClick={onSearch}
      >
        {t('media.image_search.search')}
      </button>
    </div>
  )
}

/** The photos found, each credited to its author with a link back (Unsplash's attribution rules). */
function SearchResults({
  results,
  disabled,
  onPick,
}: {
  results: Suggestion[]
  disabled: boolean
  onPick: (photo: Suggestion) => void
}) {
  const t = useT()
  return (
    <ul className="image-search-results">
      {results.map((photo) => (
        <li key={photo.id}>
          <button
            type="button"
            className="image-search-pick"
            disabled={disabled}
            aria-label={t('media.image_search.use', { name: photo.description ?? photo.id })}
            onClick={() => onPick(photo)}
          >
            <img src={photo.preview} alt={photo.description ?? ''} loading="lazy" />
          </button>
          <small className="image-search-credit">
            {t('media.image_search.by')}{' '}
            <a href={photo.link} target="_blank" rel="noopener noreferrer">
              {photo.fullName}
            </a>{' '}
            {t('media.image_search.on_unsplash')}
          </small>
        </li>
      ))}
    </ul>
  )
}

/*
 * The editor's image search: photos from Unsplash (through the server), each
 * with its author and a link back (Unsplash's attribution rules); the one
 * picked is stored on the deck like an upload and put in the field. Without
 * a key on the server the dialog says image search is not configured.
 */
export function ImageSearchDialog({
  deckId,
  onPicked,
  onClose,
}: {
  deckId: number
  onPicked: (image: PickedImage) => void
  onClose: () => void
}) {
  const t = useT()
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<Suggestion[] | null>(null)
  const [problem, setProblem] = useState<{ message: string; notConfigured: boolean } | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const failed = (cause: unknown) => {
    const error = cause instanceof HttpError ? cause : null
    setProblem({
      message:
        error?.code === 'E_IMAGE_SEARCH_NOT_CONFIGURED'
          ? t('media.image_search.not_configured')
          : error?.message || t('media.image_search.failed'),
      notConfigured: error?.code === 'E_IMAGE_SEARCH_NOT_CONFIGURED',
    })
  }

  const search = async () => {
    if (!query.trim() || busy) return
    setBusy('search')
    setProblem(null)
    try {
      const url = `${urlFor('notes.image_search')}?${new URLSearchParams({ q: query.trim() })}`
      const reply = await requestJson<Data.ImageSuggestions>(url)
      setResults(reply.suggestions)
    } catch (cause) {
      failed(cause)
    } finally {
      setBusy(null)
    }
  }

  const pick = async (photo: Suggestion) => {
    setBusy(photo.id)
    setProblem(null)
    try {
      onPicked(
        await requestJson<PickedImage>(urlFor('notes.image_search.pick'), {
          method: 'POST',
          json: { deck_id: deckId, id: photo.id },
        })
      )
      onClose()
    } catch (cause) {
      failed(cause)
    } finally {
      setBusy(null)
    }
  }

  return (
    <DialogFrame
      className="dialog image-search-dialog"
      title={t('media.image_search.title')}
      onClose={onClose}
      initialFocus="input"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('media.cancel')}
        </button>
      }
    >
      <SearchBox
        query={query}
        setQuery={setQuery}
        disabled={busy !== null}
        onSearch={() => void search()}
      />
      {problem && (
        <p
          className={problem.notConfigured ? 'notice image-search-not-configured' : 'field-error'}
          role="alert"
        >
          {problem.message}
        </p>
      )}
      {results && !results.length && <p className="muted">{t('media.image_search.none')}</p>}
      {results && results.length > 0 && (
        <SearchResults
          results={results}
          disabled={busy !== null}
          onPick={(photo) => void pick(photo)}
        />
      )}
    </DialogFrame>
  )
}
