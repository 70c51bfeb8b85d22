import { useRef, useState } from 'react'
import type { Editor } from '@tiptap/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { useToast } from '~/components/ui/toasts'
import { HttpError, requestJson } from '~/lib/http'
import type { Data } from '~generated/data'
import { urlFor } from '~/lib/routes'
import { speak, spokenText, useCanSpeak } from '~/lib/speech'
import { ToolButton } from './tool_button'
import { DrawIcon, ImageIcon, ScanIcon, SearchIcon, SpeakIcon } from './icons'
import { CanvasDialog } from './canvas_dialog'
import { ImageSearchDialog } from './image_search_dialog'

/**
 * What the media tools of a field need from the editor page: the deck (image search stores on it),
 * the field's spoken language, and whether this server has image search at all.
 */
export type MediaToolsContext = {
  deckId: number
  language: string | null
  ttsEnabled: boolean
  imageSearch: boolean
}

type Props = {
  editor: Editor | null
  context: MediaToolsContext
  /** images may go in this field: image search and the canvas are offered */
  images: boolean
  /** puts an uploaded picture in the field (the field's 3-picture rule); false when it is full */
  placeImage: (url: string) => boolean
  canPlaceImage: () => boolean
  uploadImage: (file: File) => Promise<void>
}

/** A file or a fetched picture as a data URL (the base64 the server's text detection takes). */
export const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })

/** Scan text: a photo's text read on the server (OCR), put into the field where the caret is. */
function useScanText(editor: Editor | null, fail: (title: string) => void) {
  const t = useT()
  const [scanning, setScanning] = useState(false)
  const scan = async (file: File) => {
    if (!editor) return
    if (!file.type.startsWith('image/'))
      return fail(t('editor.upload.not_image', { name: file.name }))
    setScanning(true)
    try {
      const base64 = await readAsDataUrl(file)
      const request = { method: 'POST', json: { base64 } }
      const result = await requestJson<Data.TextDetection>(urlFor('notes.scan_text'), request)
      const lines = result.text.split('\n')
      const content = lines.flatMap((line, index) => [
        ...(index ? [{ type: 'hardBreak' }] : []),
        { type: 'text', text: line },
      ])
      editor.chain().focus().insertContent(content).run()
    } catch (cause) {
      fail((cause instanceof HttpError && cause.message) || t('media.scan.failed'))
    } finally {
      setScanning(false)
    }
  }
  return { scanning, scan }
}

/**
 * The field's media tools, after the formatting buttons: speak the field
 * (the browser's speech, in the side's language), scan text from a photo
 * into the field (OCR on the server), search an image, draw on a canvas.
 */
export function MediaTools({
  editor,
  context,
  images,
  placeImage,
  canPlaceImage,
  uploadImage,
}: Props) {
  const t = useT()
  /* image search is premium (spec 000 §1): a free learner sees the tool, says why it is off */
  const searchLocked = !useShared().user?.isPremium
  const toast = useToast()
  const scanInput = useRef<HTMLInputElement>(null)
  const [open, setOpen] = useState<'search' | 'canvas' | null>(null)
  const off = !editor
  const speaks = useCanSpeak()
  const fail = (title: string) => toast({ title, type: 'textSecondary' })
  const { scanning, scan } = useScanText(editor, fail)

  const speakField = () => {
    if (!editor) return
    const text = spokenText(editor.getHTML())
    if (!text) return fail(t('media.tts.nothing'))
    if (!speak(text, context.language)) fail(t('media.tts.unsupported'))
  }

  const openImageTool = (tool: 'search' | 'canvas') => {
    if (!canPlaceImage()) return fail(t('editor.upload.too_many', { max: 3 }))
    setOpen(tool)
  }

  return (
    <>
      <span className="tool-separator" />
      <ToolButton
        label={speaks ? t('media.tts.speak') : t('media.tts.unsupported')}
        disabled={off || !speaks}
        onClick={speakField}
      >
        <SpeakIcon />
      </ToolButton>
      <ToolButton
        label={scanning ? t('media.scan.scanning') : t('media.scan.button')}
        disabled={off || scanning}
        onClick={() => {
          if (!scanInput.current) return
          scanInput.current.value = ''
          scanInput.current.click()
        }}
      >
        <ScanIcon />
      </ToolButton>
      {images && (
        <>
          {context.imageSearch && (
            <ToolButton
              label={
                searchLocked
                  ? t('editor.toolbar.premium_only', { tool: t('media.image_search.button') })
                  : t('media.image_search.button')
              }
              disabled={off || searchLocked}
              onClick={() => openImageTool('search')}
            >
              <ImageIcon />
              <SearchIcon />
            </ToolButton>
          )}
          <ToolButton
            label={t('media.canvas.button')}
            disabled={off}
            onClick={() => openImageTool('canvas')}
          >
            <DrawIcon />
          </ToolButton>
        </>
      )}
      <input
        ref={scanInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="scan-text-input"
        onChange={(event) => event.target.files?.[0] && void scan(event.target.files[0])}
      />
      {open === 'search' && (
        <ImageSearchDialog
          deckId={context.deckId}
          onClose={() => setOpen(null)}
          onPicked={(image) => {
            if (!placeImage(image.url)) fail(t('editor.upload.too_many', { max: 3 }))
          }}
        />
      )}
      {open === 'canvas' && <CanvasDialog onClose={() => setOpen(null)} onSave={uploadImage} />}
    </>
  )
}
