import { useT } from '~/lib/i18n'
import { useAlert } from '~/components/ui/alert_dialog'
import { RichField } from './rich_field'
import { ImagePicker } from './image_picker'
import { OcclusionBuilder } from './occlusion_builder'
import {
  imageHtml,
  imageUrlIn,
  stockLabels,
  type FieldErrorState,
  type NoteDraft,
  type NoteTypeOption,
} from './note_draft'
import '~/css/editor.css'

/*
 * The note editor's fields, shared by the notes editor page and the study
 * page's edit dialog: rich text with the toolbar and cloze button, the image
 * occlusion builder, the reversed option, each with its error.
 */

type FieldsProps = {
  draft: NoteDraft
  errors: FieldErrorState
  upload: (file: File) => Promise<{ url: string }>
  imagesAllowed: boolean
  /** the fields' element ids are `${idPrefix}-0`, `${idPrefix}-1`, … */
  idPrefix: string
  autoFocus?: boolean
  /** the deck's id and text-to-speech languages, and whether image search is offered, for the fields' media tools */
  deck?: {
    id: number
    ttsEnabled: boolean
    ttsFrontSideLanguage: string | null
    ttsBackSideLanguage: string | null
    imageSearch: boolean
  }
}

type Field = NoteTypeOption['fields'][number]

/** The image occlusion type's picture field: the picture, then its masks over it. */
function OcclusionField({
  id,
  field,
  draft,
  errors,
  upload,
  disabledReason,
  onChange,
}: Pick<FieldsProps, 'draft' | 'errors' | 'upload'> & {
  id: string
  field: Field
  disabledReason: string | undefined
  onChange: (html: string) => void
}) {
  const t = useT()
  const imageUrl = imageUrlIn(draft.values[field.name] ?? '')
  const occlusion = draft.attachments[field.name]
  return (
    <div className="stack occlusion-field">
      <ImagePicker
        id={id}
        label={stockLabels(t).fieldLabel(field)}
        required={field.required}
        imageUrl={imageUrl}
        onUpload={upload}
        onChange={(url) => onChange(imageHtml(url))}
        disabledReason={disabledReason}
        error={errors.fieldError(field.name)}
      />
      {imageUrl && (
        <OcclusionBuilder
          imageUrl={imageUrl}
          masks={occlusion?.masks ?? []}
          hideAll={occlusion?.hideAll ?? true}
          onChange={(next) => {
            errors.changed(`fields.${field.name}`)
            draft.setAttachment(field.name, next)
          }}
        />
      )}
    </div>
  )
}

/** The reversed card option of the types that have one, and its error. */
function ReverseOption({ draft, errors }: Pick<FieldsProps, 'draft' | 'errors'>) {
  const t = useT()
  const reverseError = errors.error('reverse')
  return (
    <>
      {draft.type.reversible && (
        <label className="checkbox-row">
          <input
            type="checkbox"
            name="reverse"
            checked={draft.reverse}
            onChange={(event) => {
              errors.changed('reverse')
              draft.setReverse(event.target.checked)
            }}
          />
          <span>{t('editor.reverse')}</span>
        </label>
      )}
      {reverseError && (
        <small className="field-error" role="alert">
          {reverseError}
        </small>
      )}
    </>
  )
}

/**
 * The note's fields: rich text with the note toolbar (cloze button on cloze
 * types), the picture and its masks on image occlusion, and the reversed
 * card option, each with its error.
 */
export function NoteFields({
  draft,
  errors,
  upload,
  imagesAllowed,
  idPrefix,
  autoFocus = true,
  deck,
}: FieldsProps) {
  const t = useT()
  const { type, imageField } = draft
  const imagesDisabledReason = imagesAllowed ? undefined : t('editor.images_disabled')
  const { fieldLabel } = stockLabels(t)
  const change = (name: string, html: string) => {
    errors.changed(`fields.${name}`)
    draft.setValue(name, html)
  }

  return (
    <>
      {type.fields.map((field, index) => {
        const id = `${idPrefix}-${index}`
        if (field === imageField) {
          return (
            <OcclusionField
              key={`${type.id}:${field.name}`}
              id={id}
              field={field}
              draft={draft}
              errors={errors}
              upload={upload}
              disabledReason={imagesDisabledReason}
              onChange={(html) => change(field.name, html)}
            />
          )
        }
        return (
          <RichField
            key={`${index}:${field.name}`}
            id={id}
            label={fieldLabel(field)}
            required={field.required}
            value={draft.values[field.name] ?? ''}
            onChange={(html) => change(field.name, html)}
            cloze={type.kind === 'cloze'}
            onUploadImage={upload}
            onUploadAudio={upload}
            imagesDisabledReason={imagesDisabledReason}
            autoFocus={autoFocus && index === 0}
            error={errors.fieldError(field.name)}
            tools={
              deck && {
                deckId: deck.id,
                ttsEnabled: deck.ttsEnabled,
                imageSearch: deck.imageSearch,
                /* the first field is the front's text, the others the back's */
                language:
                  (index === 0 ? deck.ttsFrontSideLanguage : deck.ttsBackSideLanguage) ?? null,
              }
            }
          />
        )
      })}
      <ReverseOption draft={draft} errors={errors} />
    </>
  )
}

/** "Close without saving?": asks before unsaved changes are dropped, then calls `proceed`. */
export function useConfirmDiscard() {
  const t = useT()
  const alert = useAlert()
  return (proceed: () => void) =>
    alert({
      title: t('editor.close.title'),
      body: t('editor.close.body'),
      submitLabel: t('editor.close.confirm'),
      cancelLabel: t('editor.close.keep'),
      danger: true,
      onSubmit: proceed,
    })
}
