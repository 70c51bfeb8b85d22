import { useEffect, useRef, useState } from 'react'
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import Highlight from '@tiptap/extension-highlight'
import { Color, TextStyle } from '@tiptap/extension-text-style'
import Subscript from '@tiptap/extension-subscript'
import Superscript from '@tiptap/extension-superscript'
import Image from '@tiptap/extension-image'
import type { EditorView } from '@tiptap/pm/view'
import { useT } from '~/lib/i18n'
import { useToast } from '~/components/toasts'
import { useAlert } from '~/components/alert_dialog'
import { Audio, FieldKeys, isSafeUrl, nextClozeIndex, wrapSelection, type FieldKeyHandlers } from './extensions'
import { FieldToolbar } from './field_toolbar'
import '~/css/editor.css'

/** Larger files are refused before uploading. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export type UploadFn = (file: File) => Promise<{ url: string }>

export type RichFieldProps = {
  /** id of the editable element (focus it with document.getElementById) */
  id: string
  label: string
  /** HTML; '' when empty */
  value: string
  onChange: (html: string) => void
  /** without it, there is no image button and pasted or dropped images are refused */
  onUploadImage?: UploadFn
  onUploadAudio?: UploadFn
  /** shows the cloze button and enables Mod+Shift+C */
  cloze?: boolean
  maxImages?: number
  autoFocus?: boolean
  error?: string
  /** images are not allowed here: the image button is greyed out and this explains why */
  imagesDisabledReason?: string
  required?: boolean
}

/**
 * Marks' markdown input rules would rewrite math as typed (`\(a*b*c\)`
 * turning italic): only block shortcuts ("- ", "1. ", "# ", "```") stay on.
 */
const INPUT_RULES = ['bulletList', 'orderedList', 'heading', 'codeBlock', 'blockquote', 'horizontalRule']

function countImages(editor: Editor) {
  let count = 0
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'image') count++
  })
  return count
}

/** One rich-text field of a note: a tiptap editor with the note toolbar. */
export function RichField(props: RichFieldProps) {
  const { id, label, value, cloze = false, autoFocus = false, error, imagesDisabledReason, required } = props
  const t = useT()
  const toast = useToast()
  const alert = useAlert()
  const [busy, setBusy] = useState(0)
  const imageInput = useRef<HTMLInputElement>(null)
  const audioInput = useRef<HTMLInputElement>(null)

  /* the editor is created once: everything it calls back goes through refs */
  const latest = useRef(props)
  latest.current = props
  /** the HTML this field last reported (or was last given): no reset when it comes back */
  const emitted = useRef(value)
  const pendingImages = useRef(0)
  const keyHandlers = useRef<FieldKeyHandlers>({ cloze: () => false, link: () => false, math: () => false })
  const fileHandler = useRef<(files: File[]) => void>(() => {})

  /* created once: useEditor compares options on every render and re-applies changed ones */
  const [options] = useState(() => ({
    immediatelyRender: false,
    autofocus: autoFocus ? ('end' as const) : false,
    content: value,
    enableInputRules: INPUT_RULES,
    enablePasteRules: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: false, linkOnPaste: true, isAllowedUri: (url) => isSafeUrl(url) },
      }),
      Highlight,
      TextStyle,
      Color,
      Subscript,
      Superscript,
      Image.configure({ inline: true }),
      Audio,
      FieldKeys.configure({ handlers: () => keyHandlers.current }),
    ],
    editorProps: {
      attributes: {
        id,
        class: 'rich-field-input',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(required ? { 'aria-required': 'true' } : {}),
      },
      handlePaste: (_view: EditorView, event: ClipboardEvent) => {
        const files = Array.from(event.clipboardData?.files ?? [])
        if (!files.length) return false
        event.preventDefault()
        fileHandler.current(files)
        return true
      },
      handleDrop: (view: EditorView, event: DragEvent, _slice: unknown, moved: boolean) => {
        const files = Array.from(event.dataTransfer?.files ?? [])
        if (moved || !files.length) return false
        event.preventDefault()
        const target = view.posAtCoords({ left: event.clientX, top: event.clientY })
        if (target) editorRef.current?.commands.setTextSelection(target.pos)
        fileHandler.current(files)
        return true
      },
    },
  }))

  const editor = useEditor({
    ...options,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML()
      emitted.current = html
      latest.current.onChange(html)
    },
  })
  const editorRef = useRef(editor)
  editorRef.current = editor

  /* a new value from outside (form reset after saving, note type switch) */
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === emitted.current) return
    emitted.current = value
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run()
  }, [editor, value])

  /* aria-invalid follows the server's error */
  useEffect(() => {
    if (!editor || editor.isDestroyed) return
    const dom = editor.view.dom
    if (error) {
      dom.setAttribute('aria-invalid', 'true')
      dom.setAttribute('aria-describedby', `${id}-error`)
    } else {
      dom.removeAttribute('aria-invalid')
      dom.removeAttribute('aria-describedby')
    }
  }, [editor, error, id])

  const fail = (title: string) => toast({ title, type: 'textSecondary' })

  async function uploadImage(file: File) {
    const { onUploadImage, maxImages = 3 } = latest.current
    if (!editor || !onUploadImage) return
    if (latest.current.imagesDisabledReason) return fail(latest.current.imagesDisabledReason)
    if (!file.type.startsWith('image/')) return fail(t('editor.upload.not_image', { name: file.name }))
    if (file.size > MAX_UPLOAD_BYTES) return fail(t('editor.upload.too_large', { name: file.name, size: 10 }))
    if (countImages(editor) + pendingImages.current >= maxImages) return fail(t('editor.upload.too_many', { max: maxImages }))
    pendingImages.current++
    setBusy((count) => count + 1)
    try {
      const { url } = await onUploadImage(file)
      if (!editor.isDestroyed) editor.chain().focus().setImage({ src: url, alt: '' }).run()
    } catch (cause) {
      fail((cause as Error).message || t('editor.upload.failed'))
    } finally {
      pendingImages.current--
      setBusy((count) => count - 1)
    }
  }

  async function uploadAudio(file: File) {
    const { onUploadAudio } = latest.current
    if (!editor || !onUploadAudio) return
    if (!file.type.startsWith('audio/')) return fail(t('editor.upload.not_audio', { name: file.name }))
    if (file.size > MAX_UPLOAD_BYTES) return fail(t('editor.upload.too_large', { name: file.name, size: 10 }))
    setBusy((count) => count + 1)
    try {
      const { url } = await onUploadAudio(file)
      if (!editor.isDestroyed) editor.chain().focus().setAudio(url).run()
    } catch (cause) {
      fail((cause as Error).message || t('editor.upload.failed'))
    } finally {
      setBusy((count) => count - 1)
    }
  }

  /* pasted or dropped files: audio to the audio upload when there is one, the rest as images */
  fileHandler.current = (files) => {
    for (const file of files) {
      if (file.type.startsWith('audio/') && latest.current.onUploadAudio) void uploadAudio(file)
      else if (latest.current.onUploadImage) void uploadImage(file)
      else fail(t('editor.upload.not_allowed', { name: file.name }))
    }
  }

  const makeCloze = (same = false) => {
    if (!editor || !latest.current.cloze) return false
    const n = nextClozeIndex(editor.getText(), same)
    return wrapSelection(editor, `{{c${n}::`, '}}')
  }

  const addMath = () => (editor ? wrapSelection(editor, '\\(', '\\)') : false)

  const editLink = () => {
    if (!editor) return false
    const current = (editor.getAttributes('link').href as string | undefined) ?? ''
    const { empty } = editor.state.selection
    alert({
      title: current ? t('editor.link.edit_title') : t('editor.link.title'),
      input: { label: t('editor.link.label'), placeholder: t('editor.link.placeholder'), initial: current },
      submitLabel: t('editor.link.submit'),
      onCancel: () => editor.commands.focus(),
      onSubmit: (raw) => {
        const href = raw.trim()
        const chain = editor.chain().focus().extendMarkRange('link')
        if (!href) return void chain.unsetLink().run()
        if (!isSafeUrl(href)) {
          editor.commands.focus()
          return fail(t('editor.link.invalid'))
        }
        if (empty && !current) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run()
        else chain.setLink({ href }).run()
      },
    })
    return true
  }

  keyHandlers.current = { cloze: makeCloze, link: editLink, math: addMath }

  const pick = (input: HTMLInputElement | null) => {
    if (!input) return
    input.value = ''
    input.click()
  }

  return (
    <div className={`rich-field${error ? ' invalid' : ''}${busy ? ' busy' : ''}`}>
      <span className="rich-field-label" id={`${id}-label`} onClick={() => editor?.commands.focus()}>
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
          onLink={editLink}
          onCloze={() => makeCloze()}
          onMath={addMath}
        />
        {/* the same height before and after the editor mounts: no jump on hydration */}
        {editor ? <EditorContent editor={editor} className="rich-field-content" /> : <div className="rich-field-content rich-field-placeholder" />}
        {busy > 0 && (
          <small className="rich-field-status" role="status">
            {t('editor.upload.uploading')}
          </small>
        )}
      </div>
      {error && (
        <small className="field-error" id={`${id}-error`} role="alert">
          {error}
        </small>
      )}
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        multiple
        onChange={(event) => Array.from(event.target.files ?? []).forEach((file) => void uploadImage(file))}
      />
      <input ref={audioInput} type="file" accept="audio/*" hidden onChange={(event) => event.target.files?.[0] && void uploadAudio(event.target.files[0])} />
    </div>
  )
}
