import { useRef, useState } from 'react'
import { useT } from '~/lib/i18n'
import type { UploadOptions } from '~/lib/http'

/** An upload of the editor's media: the file, and what the server answers for it. */
export type UploadFn = (file: File, options?: UploadOptions) => Promise<{ url: string }>

type Running = { id: number; name: string; percent: number; cancel: () => void }

/**
 * The uploads under way in one place of the editor (a field, the occlusion
 * picture), each with its progress and its own Cancel. `run` resolves the
 * stored file, or null when the learner cancelled it (nothing is kept then,
 * and nothing changes in the field).
 */
export function useUploads() {
  const [running, setRunning] = useState<Running[]>([])
  const next = useRef(0)
  const run = async (file: File, upload: UploadFn) => {
    const controller = new AbortController()
    const id = ++next.current
    const update = (percent: number) =>
      setRunning((list) => list.map((entry) => (entry.id === id ? { ...entry, percent } : entry)))
    setRunning((list) => [
      ...list,
      { id, name: file.name, percent: 0, cancel: () => controller.abort() },
    ])
    try {
      return await upload(file, { signal: controller.signal, onProgress: update })
    } catch (error) {
      if (controller.signal.aborted) return null
      throw error
    } finally {
      setRunning((list) => list.filter((entry) => entry.id !== id))
    }
  }
  return { running, run }
}

/** Each upload under way: its name, how far it is, and Cancel. */
export function UploadProgress({ running }: { running: Running[] }) {
  const t = useT()
  if (!running.length) return null
  return (
    <ul className="upload-progress">
      {running.map((upload) => (
        <li key={upload.id} data-upload={upload.name}>
          <span role="status">{t('editor.upload.uploading_named', { name: upload.name })}</span>
          <progress
            max={100}
            value={upload.percent}
            aria-label={t('editor.upload.progress_label', { name: upload.name })}
          />
          <span className="upload-percent">
            {t('editor.upload.percent', { percent: upload.percent })}
          </span>
          <button
            type="button"
            className="button small ghost"
            aria-label={t('editor.upload.cancel_named', { name: upload.name })}
            onClick={upload.cancel}
          >
            {t('editor.upload.cancel')}
          </button>
        </li>
      ))}
    </ul>
  )
}
