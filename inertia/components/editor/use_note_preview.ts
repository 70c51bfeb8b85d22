import { useEffect, useState } from 'react'
import { requestJson } from '~/lib/http'
import type { Data } from '~generated/data'
import { urlFor } from '~/lib/routes'

export type PreviewRequest = {
  deck_id: number
  template_id: number
  fields: Record<string, string>
  field_attachments_map: Record<string, unknown>
  reverse: boolean
}

type PreviewResult = Data.NotePreview.Variants['forEditor']

export type PreviewState = {
  result: PreviewResult | null
  /** the server's message, '' for a network failure; null when the last request succeeded */
  error: string | null
  loading: boolean
}

/**
 * The cards the server would make from the note as it is being typed,
 * asked for `delay` ms after the last change (a newer change cancels the
 * request in flight). `request` null: nothing to preview. A change may be
 * what the note lacked (a mask drawn, a field filled): the last answer's
 * problem is dropped at once, not shown as the note's until the next answer.
 */
export function useNotePreview(request: PreviewRequest | null, delay = 400): PreviewState {
  const [state, setState] = useState<PreviewState>({ result: null, error: null, loading: false })
  const key = request ? JSON.stringify(request) : null

  useEffect(() => {
    if (!key) {
      setState({ result: null, error: null, loading: false })
      return
    }
    const controller = new AbortController()
    setState((current) => ({ ...current, error: null, loading: true }))
    const timer = setTimeout(async () => {
      try {
        const result = await requestJson<PreviewResult>(urlFor('notes.preview'), {
          method: 'POST',
          body: key,
          headers: { 'Content-Type': 'application/json' },
          signal: controller.signal,
        })
        setState({ result, error: null, loading: false })
      } catch (error) {
        if (controller.signal.aborted) return
        setState((current) => ({ ...current, error: (error as Error).message, loading: false }))
      }
    }, delay)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key, delay])

  return state
}
