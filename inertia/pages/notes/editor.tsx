import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { urlFor } from '~/lib/routes'
import { FormError } from '~/components/ui/form_error'
import { useNotePreview, type PreviewRequest } from '~/components/editor/use_note_preview'
import { useLeaveGuard } from '~/components/editor/use_leave_guard'
import { useSaveNote } from '~/components/editor/use_save_note'
import { NoteFields, useConfirmDiscard } from '~/components/editor/note_form'
import { AiTemplatesButton, AiTemplatesDialog } from '~/components/editor/ai_templates'
import {
  EditorActions,
  NoteErrors,
  NotePreviewPanel,
  NoteTypeSelect,
  UnsavedNotice,
} from '~/components/editor/note_editor_parts'
import {
  mediaUploader,
  useFieldErrors,
  useNoteDraft,
  type EditedNote,
  type EditorDeck,
  type FieldErrors,
  type NoteTypeOption,
} from '~/components/editor/note_draft'
import { SpeechStatus } from '~/components/editor/speech_status'
import { CardAppearanceContext } from '~/components/editor/card_appearance'
import type { Data } from '~generated/data'
import '~/css/editor.css'

export type EditorProps = {
  deck: EditorDeck
  noteTypes: NoteTypeOption[]
  note: null | EditedNote
  defaultNoteTypeId: number
  /** the deck's preset and fonts, as its cards are studied */
  cardAppearance: Data.CardAppearance
}

const FIELD_ID = 'note-field'

/** Adds a note to a deck (then another, Anki's way) or edits one, with a live preview of its cards. */
export default function NoteEditor({
  deck,
  noteTypes,
  note,
  defaultNoteTypeId,
  cardAppearance,
}: EditorProps) {
  const t = useT()
  const { errors } = useShared() as { errors?: Record<string, string | string[]> }
  const draft = useNoteDraft(noteTypes, note, defaultNoteTypeId)
  /* validation errors next to their field, gone once the field changes; anything else at the top */
  const fieldErrors = useFieldErrors(errors as FieldErrors | undefined)
  const previewRequest: PreviewRequest | null = draft.hasContent
    ? { deck_id: deck.id, ...draft.payload }
    : null
  const preview = useNotePreview(previewRequest)
  const confirmLeave = useConfirmDiscard()
  const allow = useLeaveGuard(draft.dirty, confirmLeave)
  const { save, saving, attempted, setAttempted, unsaved } = useSaveNote({
    deck,
    note,
    draft,
    allow,
    idPrefix: FIELD_ID,
  })
  const [aiTemplatesOpen, setAiTemplatesOpen] = useState(false)

  const close = () => {
    const leave = () => {
      allow()
      router.visit(urlFor('decks.show', { id: deck.id }))
    }
    if (draft.dirty) confirmLeave(leave)
    else leave()
  }
  const title = note ? t('editor.title_edit') : t('editor.title_add')

  return (
    <div className="note-editor">
      <Head title={t('editor.page_title', { title, deck: deck.name })} />
      <header className="note-editor-head">
        <h1>{title}</h1>
        <p className="muted">{t('editor.deck', { deck: deck.name })}</p>
      </header>
      <div className="note-editor-grid">
        <form
          className="card note-editor-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            save()
          }}
        >
          <FormError />
          {unsaved && !saving && <UnsavedNotice onRetry={save} />}
          <NoteErrors errors={fieldErrors} />
          {/* another kind of note: nothing tried with it yet */}
          <NoteTypeSelect
            noteTypes={noteTypes}
            draft={draft}
            errors={fieldErrors}
            onSwitch={() => setAttempted(false)}
          />
          <NoteFields
            draft={draft}
            errors={fieldErrors}
            upload={mediaUploader(deck.id)}
            imagesAllowed={deck.imagesAllowed}
            idPrefix={FIELD_ID}
            deck={deck}
          />
          <SpeechStatus deck={deck} speech={note?.speech ?? null} />
          <AiTemplatesButton onOpen={() => setAiTemplatesOpen(true)} />
          <EditorActions adding={!note} saving={saving} onClose={close} />
        </form>
        <CardAppearanceContext.Provider value={cardAppearance}>
          <NotePreviewPanel
            asked={previewRequest !== null}
            preview={preview}
            attempted={attempted}
          />
        </CardAppearanceContext.Provider>
      </div>
      {aiTemplatesOpen && (
        <AiTemplatesDialog draft={draft} onClose={() => setAiTemplatesOpen(false)} />
      )}
    </div>
  )
}
