import { useCallback, useEffect, useState } from 'react'
import { HttpError, requestJson } from '~/lib/http'
import type { Data } from '~generated/data'
import { urlFor } from '~/lib/routes'
import type { NoteDraft } from './note_draft'

export type AiTemplate = Data.AiNoteTemplate
export type AiProvider = Data.AiTemplateChoices['provider']
/** A card's fields as a template rewrote them. */
export type AppliedFields = Data.AiTemplateApplied['fields']

/** The server's message for a failed call, or `fallback` when it said nothing (network, non-JSON). */
export const messageOf = (error: unknown, fallback: string) =>
  (error instanceof HttpError && error.message) || fallback

/**
 * The AI template popup's data: the templates and the provider (GET), and the
 * calls the popup makes: save, delete, apply to the draft's fields, improve a prompt.
 */
export function useAiTemplates(draft: NoteDraft) {
  const [templates, setTemplates] = useState<AiTemplate[] | null>(null)
  const [provider, setProvider] = useState<AiProvider>('offline')
  const [loadError, setLoadError] = useState<unknown>(null)

  /* the state changes once the reply is in (then): nothing is set while the effect runs */
  const reload = useCallback(
    () =>
      requestJson<Data.AiTemplateChoices>(urlFor('ai_note_templates.index')).then(
        (reply) => {
          setTemplates(reply.templates)
          setProvider(reply.provider)
          setLoadError(null)
        },
        (error: unknown) => setLoadError(error)
      ),
    []
  )
  useEffect(() => {
    reload()
  }, [reload])

  const save = async (template: AiTemplate | null, input: { name: string; prompt: string }) => {
    const saved = template
      ? await requestJson<AiTemplate>(urlFor('ai_note_templates.update', { id: template.id }), {
          method: 'PUT',
          json: input,
        })
      : await requestJson<AiTemplate>(urlFor('ai_note_templates.store'), {
          method: 'POST',
          json: input,
        })
    await reload()
    return saved
  }

  const remove = async (template: AiTemplate) => {
    await requestJson(urlFor('ai_note_templates.destroy', { id: template.id }), {
      method: 'DELETE',
    })
    await reload()
  }

  const apply = (template: AiTemplate, signal?: AbortSignal) =>
    requestJson<Data.AiTemplateApplied>(urlFor('ai_note_templates.apply', { id: template.id }), {
      method: 'POST',
      json: {
        fields: draft.payload.fields,
        field_attachments_map: draft.payload.field_attachments_map,
        reverse: draft.payload.reverse,
      },
      signal,
    })

  const improve = (prompt: string) => {
    const [front, back] = Object.values(draft.payload.fields)
    return requestJson<Data.AiTemplateImproved>(urlFor('ai_note_templates.improve'), {
      method: 'PATCH',
      json: { prompt, front_side: front || null, back_side: back || null },
    })
  }

  return { templates, provider, loadError, save, remove, apply, improve }
}
