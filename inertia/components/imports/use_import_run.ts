import { useEffect, useRef, useState } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { type HttpError, requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { useToast } from '~/components/ui/toasts'
import { useImportFollow } from '~/components/imports/use_import_follow'
import { upload, type DialogImport, type Phase, type Problem } from '~/components/imports/upload'

/**
 * An import's run, as the dialog shows it: the upload with its progress,
 * then the import followed until its deck is written. Esc, Close or leaving
 * the page stops an upload (nothing can carry it on); a running import goes
 * on, and the deck list announces its end.
 */
export function useImportRun({ reload, onClose }: { reload: string[]; onClose: () => void }) {
  const t = useT()
  const toast = useToast()
  const [phase, setPhase] = useState<Phase>({ name: 'form' })
  const [problem, setProblem] = useState<Problem | null>(null)
  const abortUpload = useRef<(() => void) | null>(null)
  const { follow, stop } = useImportFollow({ reload, onClose, setPhase, setProblem })

  useEffect(() => () => abortUpload.current?.(), [])

  const send = async (form: FormData) => {
    setPhase({ name: 'uploading', percent: 0 })
    const sending = upload(form, (percent) =>
      setPhase((now) => (now.name === 'uploading' ? { name: 'uploading', percent } : now))
    )
    abortUpload.current = sending.abort
    try {
      const record = await sending.answer
      follow(record)
    } catch (error) {
      setPhase({ name: 'form' })
      if ((error as Error).name === 'AbortError') return
      const failure = error as HttpError
      if (failure.status === 0) setProblem({ title: t('imports.errors.network') })
      else
        setProblem({ title: failure.title || t('imports.errors.generic'), body: failure.message })
    } finally {
      abortUpload.current = null
    }
  }

  const cancel = async () => {
    if (phase.name === 'uploading') return abortUpload.current?.()
    if (phase.name !== 'importing') return onClose()
    try {
      stop()
      const record = await requestJson<DialogImport>(
        urlFor('deck_imports.destroy', { id: phase.record.id }),
        { method: 'DELETE' }
      )
      router.reload({ only: reload })
      if (record.status === 'cancelled') {
        toast({ title: t('imports.status.cancelled') })
        return onClose()
      }
      follow(record)
    } catch {
      /* already finished (409) or unreachable: the poll tells what happened */
      follow(phase.record)
    }
  }

  return { phase, problem, setProblem, send, cancel }
}
