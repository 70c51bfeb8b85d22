/* A rich-text field's editor and what it does besides typing: uploads, cloze, math, links. */
import { useEffect, useRef, useState, type MutableRefObject } from 'react'
import { useEditor, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import Highlight from '@tiptap/extension-highlight'
import { Color, TextStyle } from '@tiptap/extension-text-style'
import Subscript from '@tiptap/extension-subscript'
import Superscript from '@tiptap/extension-superscript'
import Image from '@tiptap/extension-image'
import type { EditorView } from '@tiptap/pm/view'
import { useT } from '~/lib/i18n'
import { useToast } from '~/components/ui/toasts'
import { useAlert } from '~/components/ui/alert_dialog'
import {
  Audio,
  FieldKeys,
  isSafeUrl,
  nextClozeIndex,
  wrapSelection,
  type FieldKeyHandlers,
} from './extensions'
import { useUploads, type UploadFn } from './upload_progress'
import type { MediaToolsContext } from './media_tools'

/** What a rich field (rich_field.tsx) takes. */
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
  /** the media tools (speak, scan text, image search, canvas): the deck and the field's spoken language */
  tools?: MediaToolsContext
}

/** Larger files are refused before uploading. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/**
 * Marks' markdown input rules would rewrite math as typed (`\(a*b*c\)`
 * turning italic): only block shortcuts ("- ", "1. ", "# ", "```") stay on.
 */
const INPUT_RULES = [
  'bulletList',
  'orderedList',
  'heading',
  'codeBlock',
  'blockquote',
  'horizontalRule',
]

function countImages(editor: Editor) {
  let count = 0
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'image') count++
  })
  return count
}

/** What the editor calls back, through refs: it is created once. */
type Callbacks = {
  keyHandlers: MutableRefObject<FieldKeyHandlers>
  files: MutableRefObject<(files: File[]) => void>
  editor: MutableRefObject<Editor | null>
}

/** The editor's options: the extensions, the field's attributes, pasted and dropped files to the uploads. */
function editorOptions(
  { id, value, autoFocus = false, required }: RichFieldProps,
  callbacks: Callbacks
) {
  return {
    immediatelyRender: false,
    autofocus: autoFocus ? ('end' as const) : false,
    content: value,
    enableInputRules: INPUT_RULES,
    enablePasteRules: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: {
          openOnClick: false,
          autolink: false,
          linkOnPaste: true,
          isAllowedUri: (url) => isSafeUrl(url),
        },
      }),
      Highlight,
      TextStyle,
      Color,
      Subscript,
      Superscript,
      Image.configure({ inline: true }),
      Audio,
      FieldKeys.configure({ handlers: () => callbacks.keyHandlers.current }),
    ],
    editorProps: {
      attributes: {
        id,
        'class': 'rich-field-input',
        'role': 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(required ? { 'aria-required': 'true' } : {}),
      },
      handlePaste: (_view: EditorView, event: ClipboardEvent) => {
        const files = Array.from(event.clipboardData?.files ?? [])
        if (!files.length) return false
        event.preventDefault()
        callbacks.files.current(files)
        return true
      },
      handleDrop: (view: EditorView, event: DragEvent, _slice: unknown, moved: boolean) => {
        const files = Array.from(event.dataTransfer?.files ?? [])
        if (moved || !files.length) return false
        event.preventDefault()
        const target = view.posAtCoords({ left: event.clientX, top: event.clientY })
        if (target) callbacks.editor.current?.commands.setTextSelection(target.pos)
        callbacks.files.current(files)
        return true
      },
    },
  }
}

/**
 * The field's tiptap editor, created once (useEditor compares options on
 * every render and re-applies changed ones): it reports its HTML, takes a
 * new value from outside, and carries the server's error for screen readers.
 */
export function useRichEditor(
  props: RichFieldProps,
  latest: MutableRefObject<RichFieldProps>,
  callbacks: Callbacks
) {
  const { id, value, error } = props
  /** the HTML this field last reported (or was last given): no reset when it comes back */
  const emitted = useRef(value)
  const [options] = useState(() => editorOptions(props, callbacks))
  const editor = useEditor({
    ...options,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML()
      emitted.current = html
      latest.current.onChange(html)
    },
  })

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

  return editor
}

/** A refusal or a failed upload, as a toast. */
function useFail() {
  const toast = useToast()
  return (title: string) => toast({ title, type: 'textSecondary' })
}

/**
 * Pictures and sounds into the field: checked (kind, size, how many
 * pictures), uploaded with their progress and a Cancel, inserted where the
 * caret is. A cancelled upload leaves the field as it was.
 */
export function useFieldUploads(editor: Editor | null, latest: MutableRefObject<RichFieldProps>) {
  const t = useT()
  const fail = useFail()
  const uploads = useUploads()
  const pendingImages = useRef(0)

  async function uploadImage(file: File) {
    const { onUploadImage, maxImages = 3 } = latest.current
    if (!editor || !onUploadImage) return
    if (latest.current.imagesDisabledReason) return fail(latest.current.imagesDisabledReason)
    if (!file.type.startsWith('image/'))
      return fail(t('editor.upload.not_image', { name: file.name }))
    if (file.size > MAX_UPLOAD_BYTES)
      return fail(t('editor.upload.too_large', { name: file.name, size: 10 }))
    if (countImages(editor) + pendingImages.current >= maxImages)
      return fail(t('editor.upload.too_many', { max: maxImages }))
    pendingImages.current++
    try {
      const stored = await uploads.run(file, onUploadImage)
      if (stored && !editor.isDestroyed)
        editor.chain().focus().setImage({ src: stored.url, alt: '' }).run()
    } catch (cause) {
      fail((cause as Error).message || t('editor.upload.failed'))
    } finally {
      pendingImages.current--
    }
  }

  async function uploadAudio(file: File) {
    const { onUploadAudio } = latest.current
    if (!editor || !onUploadAudio) return
    if (!file.type.startsWith('audio/'))
      return fail(t('editor.upload.not_audio', { name: file.name }))
    if (file.size > MAX_UPLOAD_BYTES)
      return fail(t('editor.upload.too_large', { name: file.name, size: 10 }))
    try {
      const stored = await uploads.run(file, onUploadAudio)
      if (stored && !editor.isDestroyed) editor.chain().focus().setAudio(stored.url).run()
    } catch (cause) {
      fail((cause as Error).message || t('editor.upload.failed'))
    }
  }

  /** room for one more picture in the field (3 at most) */
  const canPlaceImage = () =>
    Boolean(editor) &&
    countImages(editor!) + pendingImages.current < (latest.current.maxImages ?? 3)

  /** a picture already stored (image search) into the field, if there is room */
  const placeImage = (url: string) => {
    if (!editor || editor.isDestroyed || !canPlaceImage()) return false
    editor.chain().focus().setImage({ src: url, alt: '' }).run()
    return true
  }

  /* pasted or dropped files: audio to the audio upload when there is one, the rest as images */
  const receive = (files: File[]) => {
    for (const file of files) {
      if (file.type.startsWith('audio/') && latest.current.onUploadAudio) void uploadAudio(file)
      else if (latest.current.onUploadImage) void uploadImage(file)
      else fail(t('editor.upload.not_allowed', { name: file.name }))
    }
  }

  return { running: uploads.running, uploadImage, uploadAudio, receive, canPlaceImage, placeImage }
}

/** The field's commands besides marks: a cloze around the selection, inline math, a link (asked for in a dialog). */
export function useFieldCommands(editor: Editor | null, latest: MutableRefObject<RichFieldProps>) {
  const t = useT()
  const alert = useAlert()
  const fail = useFail()

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
      input: {
        label: t('editor.link.label'),
        placeholder: t('editor.link.placeholder'),
        initial: current,
      },
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
        if (empty && !current)
          chain
            .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
            .run()
        else chain.setLink({ href }).run()
      },
    })
    return true
  }

  return { makeCloze, addMath, editLink }
}
