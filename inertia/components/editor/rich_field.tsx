import { useLayoutEffect, useRef, type RefObject } from 'react'
import { EditorContent, type Editor } from '@tiptap/react'
import type { FieldKeyHandlers } from './extensions'
import { FieldToolbar } from './field_toolbar'
import {
  useFieldCommands,
  useFieldUploads,
  useRichEditor,
  type RichFieldProps,
} from './use_rich_field'
import { MediaTools } from './media_tools'
import { UploadProgress } from './upload_progress'
import '~/css/editor.css'

export { MAX_UPLOAD_BYTES } from './use_rich_field'
export type { UploadFn } from './upload_progress'

/** The hidden file inputs behind the toolbar's picture and sound buttons. */
function FilePickers({
  image,
  audio,
  onImage,
  onAudio,
}: {
  image: RefObject<HTMLInputElement | null>
  audio: RefObject<HTMLInputElement | null>
  onImage: (file: File) => void
  onAudio: (file: File) => void
}) {
  return (
    <>
      <input
        ref={image}
        type="file"
        accept="image/*"
        hidden
        multiple
        onChange={(event) => Array.from(event.target.files ?? []).forEach((file) => onImage(file))}
      />
      <input
        ref={audio}
        type="file"
        accept="audio/*"
        hidden
        onChange={(event) => event.target.files?.[0] && onAudio(event.target.files[0])}
      />
    </>
  )
}

/** One rich-text field of a note: a tiptap editor with the note toolbar. */
export function RichField(props: RichFieldProps) {
  const { id, label, cloze = false, error, imagesDisabledReason, required } = props
  const imageInput = useRef<HTMLInputElement>(null)
  const audioInput = useRef<HTMLInputElement>(null)

  /* the editor is created once: everything it calls back goes through refs */
  const latest = useRef(props)
  const keyHandlers = useRef<FieldKeyHandlers>({
    cloze: () => false,
    link: () => false,
    math: () => false,
  })
  const files = useRef<(files: File[]) => void>(() => {})
  const editorRef = useRef<Editor | null>(null)
  const editor = useRichEditor(props, latest, { keyHandlers, files, editor: editorRef })
  const uploads = useFieldUploads(editor, latest)
  const commands = useFieldCommands(editor, latest)
  /* after each render commits, before the editor's next event */
  useLayoutEffect(() => {
    latest.current = props
    editorRef.current = editor
    files.current = uploads.receive
    keyHandlers.current = {
      cloze: commands.makeCloze,
      link: commands.editLink,
      math: commands.addMath,
    }
  })

  const pick = (input: HTMLInputElement | null) => {
    if (!input) return
    input.value = ''
    input.click()
  }

  return (
    <div className={`rich-field${error ? ' invalid' : ''}${uploads.running.length ? ' busy' : ''}`}>
      <span
        className="rich-field-label"
        id={`${id}-label`}
        onClick={() => editor?.commands.focus()}
      >
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      <div className="rich-field-box">
        <FieldToolbar
          editor={editor}
          cloze={cloze}
          imagesDisabledReason={imagesDisabledReason}
          canImage={Boolean(props.onUploadImage || imagesDisabledReason)}
          canAudio={Boolean(props.onUploadAudio)}
          onImage={() => pick(imageInput.current)}
          onAudio={() => pick(audioInput.current)}
          onLink={commands.editLink}
          onCloze={() => commands.makeCloze()}
          onMath={commands.addMath}
          extra={
            props.tools && (
              <MediaTools
                editor={editor}
                context={props.tools}
                images={Boolean(props.onUploadImage) && !imagesDisabledReason}
                placeImage={uploads.placeImage}
                canPlaceImage={uploads.canPlaceImage}
                uploadImage={uploads.uploadImage}
              />
            )
          }
        />
        {/* the same height before and after the editor mounts: no jump on hydration */}
        {editor ? (
          <EditorContent editor={editor} className="rich-field-content" />
        ) : (
          <div className="rich-field-content rich-field-placeholder" />
        )}
        <UploadProgress running={uploads.running} />
      </div>
      {error && (
        <small className="field-error" id={`${id}-error`} role="alert">
          {error}
        </small>
      )}
      <FilePickers
        image={imageInput}
        audio={audioInput}
        onImage={(file) => void uploads.uploadImage(file)}
        onAudio={(file) => void uploads.uploadAudio(file)}
      />
    </div>
  )
}
