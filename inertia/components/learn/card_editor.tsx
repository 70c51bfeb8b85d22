import { useEffect, useRef, useState } from 'react'
import { useT } from '~/lib/i18n'
import { HttpError, requestJson } from '~/lib/http'
import { Dialog } from '~/components/decks/dialog'
import type { CardFields, LearningCard } from '~/components/learn/types'

/**
 * Edits the card's note without leaving the session: one text area per
 * field, holding the field's HTML as stored. Saved, the card comes back
 * re-rendered as the session shows it.
 */
export function CardEditor({
  cardId,
  deckId,
  onSaved,
  onClose,
}: {
  cardId: number
  deckId: number
  onSaved: (card: LearningCard | null) => void
  onClose: () => void
}) {
  const t = useT()
  const [note, setNote] = useState<CardFields | null>(null)
  const [values, setValues] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const first = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    const controller = new AbortController()
    requestJson<CardFields>(`/learn/cards/${cardId}/fields`, { signal: controller.signal })
      .then((loaded) => {
        setNote(loaded)
        setValues(Object.fromEntries(loaded.fields.map((field) => [field.name, field.value])))
      })
      .catch((caught) => (caught as Error).name !== 'AbortError' && setError(t('learn.errors.failed')))
    return () => controller.abort()
  }, [cardId])

  useEffect(() => {
    if (note) first.current?.focus()
  }, [note])

  const save = async () => {
    if (!note || saving) return
    setSaving(true)
    setError(null)
    try {
      const result = await requestJson<{ card: LearningCard | null }>(`/learn/cards/${cardId}`, {
        method: 'PUT',
        json: { fields: values, deck_id: deckId },
      })
      onSaved(result.card)
    } catch (caught) {
      setError(caught instanceof HttpError && caught.message ? caught.message : t('learn.errors.failed'))
      setSaving(false)
    }
  }

  return (
    <Dialog title={t('learn.editor.title')} submitLabel={t('learn.editor.save')} disabled={!note || saving} onSubmit={save} onClose={onClose}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!note && !error && <p className="muted">{t('learn.loading')}</p>}
      {note?.fields.map((field, index) => (
        <label key={field.name} className="field">
          <span>{field.name}</span>
          <textarea
            ref={index === 0 ? first : undefined}
            name={`fields.${field.name}`}
            rows={3}
            value={values[field.name] ?? ''}
            onChange={(event) => setValues((previous) => ({ ...previous, [field.name]: event.target.value }))}
          />
        </label>
      ))}
    </Dialog>
  )
}
