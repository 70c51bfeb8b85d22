import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useT } from '~/lib/i18n'
import { HttpError, requestJson } from '~/lib/http'
import { Tooltip } from '~/components/ui/tooltip'
import { DialogFrame } from '~/components/ui/dialog'
import { isMod, useShortcut } from '~/components/editor/shortcuts'
import { NoteFields, useConfirmDiscard } from '~/components/editor/note_form'
import {
  mediaUploader,
  stockLabels,
  useFieldErrors,
  useNoteDraft,
  type FieldErrors,
} from '~/components/editor/note_draft'
import type { Data } from '~generated/data'
import { urlFor } from '~/lib/routes'
import '~/css/editor.css'

/** GET /learn/cards/:id/fields: the note as the notes editor opens it */
type CardFields = Data.CardEditor
type EditedCard = Data.LearningCardEdited

type Props = {
  cardId: number
  /** the session's deck, whose view of the card comes back; none outside a session (the card browser) */
  deckId?: number
  onSaved: (card: Data.LearningCard | null) => void
  onClose: () => void
  /** beside a list (the card browser) rather than a dialog over the page */
  inline?: boolean
}

/**
 * Edits the card's note without leaving the session, with the notes
 * editor's own fields (rich text, the cloze button, image occlusion) and
 * its save action (PUT /learn/cards/:id saves through SaveNote too). Saved,
 * the card comes back re-rendered as the session shows it.
 */
export function CardEditor(props: Props) {
  const t = useT()
  const [loaded, setLoaded] = useState<CardFields | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  /* another card starts empty (in render: the last card's fields never show under it) */
  const [shownId, setShownId] = useState(props.cardId)
  if (shownId !== props.cardId) {
    setShownId(props.cardId)
    setLoaded(null)
    setFailed(null)
  }
  /* the server's own words where it gave some (a viewer of a shared deck may not edit it) */
  const failure = useEffectEvent((caught: unknown) =>
    caught instanceof HttpError && caught.message ? caught.message : t('learn.errors.failed')
  )

  useEffect(() => {
    const controller = new AbortController()
    requestJson<CardFields>(urlFor('learn.cards.fields', { id: props.cardId }), {
      signal: controller.signal,
    })
      .then(setLoaded)
      .catch((caught) => (caught as Error).name !== 'AbortError' && setFailed(failure(caught)))
    return () => controller.abort()
  }, [props.cardId])

  if (loaded) return <CardEditorForm key={props.cardId} {...props} loaded={loaded} />
  return (
    <EditorFrame title={t('learn.editor.title')} onClose={props.onClose} inline={props.inline}>
      {failed ? (
        <p className="form-error" role="alert">
          {failed}
        </p>
      ) : (
        <p className="muted">{t('learn.loading')}</p>
      )}
    </EditorFrame>
  )
}

function CardEditorForm({
  cardId,
  deckId,
  onSaved,
  onClose,
  inline,
  loaded,
}: Props & { loaded: CardFields }) {
  const t = useT()
  const confirmDiscard = useConfirmDiscard()
  const shortcut = useShortcut()
  const draft = useNoteDraft([loaded.noteType], loaded.note, loaded.noteType.id)
  const [errors, setErrors] = useState<FieldErrors | undefined>(undefined)
  const fieldErrors = useFieldErrors(errors)
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async () => {
    if (saving) return
    setSaving(true)
    setFailure(null)
    try {
      const { payload } = draft
      const result = await requestJson<EditedCard>(urlFor('learn.cards.update', { id: cardId }), {
        method: 'PUT',
        json: {
          fields: payload.fields,
          field_attachments_map: payload.field_attachments_map,
          reverse: payload.reverse,
          deck_id: deckId,
        },
      })
      setSaving(false)
      onSaved(result.card)
    } catch (caught) {
      setSaving(false)
      const fieldMessages = caught instanceof HttpError ? caught.errors : []
      /* a validation error goes next to its field (the others on top); anything else on top */
      if (fieldMessages.length)
        setErrors(Object.fromEntries(fieldMessages.map((item) => [item.field, item.message])))
      else
        setFailure(
          caught instanceof HttpError && caught.message ? caught.message : t('learn.errors.failed')
        )
    }
  }

  /* unsaved changes are not lost to a stray Esc */
  const close = () => (draft.dirty ? confirmDiscard(onClose) : onClose())

  const saveRef = useRef(save)
  useLayoutEffect(() => {
    saveRef.current = save
  })
  const otherErrors = fieldErrors.others()
  return (
    <EditorFrame
      title={t('learn.editor.title')}
      subtitle={stockLabels(t).typeName(loaded.noteType)}
      inline={inline}
      onClose={close}
      onSave={() => saveRef.current()}
      footer={
        <>
          <button type="button" className="button ghost" onClick={close}>
            {t('dialog.cancel')}
          </button>
          <Tooltip label={t('learn.editor.save')} shortcut={shortcut('Mod+Enter')}>
            <button type="submit" className="button primary" aria-disabled={saving || undefined}>
              {t('learn.editor.save')}
            </button>
          </Tooltip>
        </>
      }
    >
      {(failure || otherErrors.length > 0) && (
        <div className="form-error" role="alert">
          {failure && <div>{failure}</div>}
          {otherErrors.map(([key, message]) => (
            <div key={key}>{message}</div>
          ))}
        </div>
      )}
      <NoteFields
        draft={draft}
        errors={fieldErrors}
        upload={mediaUploader(loaded.deck.id)}
        imagesAllowed={loaded.deck.imagesAllowed}
        idPrefix="card-edit-field"
        deck={loaded.deck}
      />
    </EditorFrame>
  )
}

/**
 * Mod+Enter saves (not while a dialog of its own is open, such as the link
 * prompt); in a dialog Esc closes and the focus goes back to the page when it
 * closes.
 */
function useEditorKeys(inline: boolean | undefined, onClose: () => void, onSave?: () => void) {
  const actions = useRef({ onClose, onSave })
  useLayoutEffect(() => {
    actions.current = { onClose, onSave }
  })

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    /* Mod+Enter: before the field turns it into a line break */
    const onSaveKey = (event: KeyboardEvent) => {
      if (
        event.key !== 'Enter' ||
        !isMod(event) ||
        event.shiftKey ||
        event.altKey ||
        !actions.current.onSave
      )
        return
      if (document.querySelector('[role="alertdialog"]')) return
      event.preventDefault()
      event.stopPropagation()
      actions.current.onSave()
    }
    /*
     * Esc closes, after this key is done with: a confirmation opened now
     * must not take the same Esc as its own, and the occlusion builder uses
     * an Esc to drop its selection first (it marks that key handled).
     */
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('[role="alertdialog"]')) return
      const inBuilder =
        event.target instanceof Element && Boolean(event.target.closest('.occlusion'))
      setTimeout(() => {
        if (!(inBuilder && event.defaultPrevented)) actions.current.onClose()
      })
    }
    window.addEventListener('keydown', onSaveKey, true)
    /* beside a list, Esc belongs to the page */
    if (!inline) window.addEventListener('keydown', onEscape, true)
    return () => {
      window.removeEventListener('keydown', onSaveKey, true)
      window.removeEventListener('keydown', onEscape, true)
      if (!inline) previous?.focus({ preventScroll: true })
    }
  }, [inline])
}

/**
 * The dialog around the editor (or, inline, the panel beside a list): wide enough for the toolbar, Esc closes
 * (not while a dialog of its own is open, such as the link prompt), Mod+Enter
 * saves, the focus goes back to the page when it closes.
 */
function EditorFrame({
  title,
  subtitle,
  onClose,
  onSave,
  footer,
  inline,
  children,
}: {
  title: string
  subtitle?: string
  onClose: () => void
  onSave?: () => void
  footer?: ReactNode
  inline?: boolean
  children: ReactNode
}) {
  const t = useT()
  const id = useId()
  useEditorKeys(inline, onClose, onSave)

  const content = (
    <>
      <div className="card-editor-head">
        <h2 id={id}>{title}</h2>
        {subtitle && <span className="muted">{subtitle}</span>}
      </div>
      <div className="card-editor-body">{children}</div>
    </>
  )
  const actions = footer ?? (
    <button type="button" className="button ghost" onClick={onClose}>
      {t('learn.close')}
    </button>
  )
  /* the keys are the editor's own (useEditorKeys), in the dialog and beside a list alike */
  if (!inline) {
    return (
      <DialogFrame
        className="dialog card-editor-dialog"
        labelledBy={id}
        onSubmit={() => onSave?.()}
        noValidate
        actions={actions}
      >
        {content}
      </DialogFrame>
    )
  }
  return (
    <form
      className="card card-editor-panel"
      role="region"
      aria-labelledby={id}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSave?.()
      }}
    >
      {content}
      <div className="dialog-actions">{actions}</div>
    </form>
  )
}
