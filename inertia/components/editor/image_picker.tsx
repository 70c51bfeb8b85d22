import { useRef, useState, type DragEvent } from 'react'
import { useT } from '~/lib/i18n'
import { useToast } from '~/components/ui/toasts'
import { Tooltip } from '~/components/ui/tooltip'
import { MAX_UPLOAD_BYTES, type UploadFn } from './rich_field'
import { ImageIcon } from './icons'
import { UploadProgress, useUploads } from './upload_progress'

export type ImagePickerProps = {
  /** id of the pick button (focus target) */
  id: string
  label: string
  /** the chosen image, or null */
  imageUrl: string | null
  onUpload: UploadFn
  onChange: (url: string) => void
  /** images are not allowed here: the button is greyed out and its tooltip says why */
  disabledReason?: string
  error?: string
  required?: boolean
}

/**
 * One image for a field (image occlusion): a file picker that also takes a dropped file; the upload shows its
 * progress and can be cancelled.
 */
export function ImagePicker({
  id,
  label,
  imageUrl,
  onUpload,
  onChange,
  disabledReason,
  error,
  required,
}: ImagePickerProps) {
  const t = useT()
  const toast = useToast()
  const input = useRef<HTMLInputElement>(null)
  const uploads = useUploads()
  const busy = uploads.running.length > 0
  const [over, setOver] = useState(false)

  const fail = (title: string) => toast({ title, type: 'textSecondary' })

  async function upload(file: File) {
    if (disabledReason) return fail(disabledReason)
    if (!file.type.startsWith('image/'))
      return fail(t('editor.upload.not_image', { name: file.name }))
    if (file.size > MAX_UPLOAD_BYTES)
      return fail(t('editor.upload.too_large', { name: file.name, size: 10 }))
    try {
      /* cancelled: the picture stays as it was */
      const stored = await uploads.run(file, onUpload)
      if (stored) onChange(stored.url)
    } catch (cause) {
      fail((cause as Error).message || t('editor.upload.failed'))
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    const file = event.dataTransfer.files[0]
    if (file) void upload(file)
  }

  const button = (
    <button
      id={id}
      type="button"
      className="button small"
      aria-disabled={disabledReason || busy ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      onClick={() => {
        if (disabledReason || busy || !input.current) return
        input.current.value = ''
        input.current.click()
      }}
    >
      <ImageIcon />
      {busy
        ? t('editor.upload.uploading')
        : imageUrl
          ? t('editor.occlusion.change_image')
          : t('editor.occlusion.choose_image')}
    </button>
  )

  return (
    <div
      className={`image-picker${over ? ' over' : ''}${imageUrl ? ' has-image' : ''}`}
      onDragOver={(event) => {
        if (disabledReason) return
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <span className="rich-field-label">
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      <div className="image-picker-row">
        {disabledReason ? <Tooltip label={disabledReason}>{button}</Tooltip> : button}
        {!imageUrl && !disabledReason && (
          <small className="muted">{t('editor.occlusion.drop_hint')}</small>
        )}
      </div>
      <UploadProgress running={uploads.running} />
      {error && (
        <small className="field-error" id={`${id}-error`} role="alert">
          {error}
        </small>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => event.target.files?.[0] && void upload(event.target.files[0])}
      />
    </div>
  )
}
