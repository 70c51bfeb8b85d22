import { useEffect, useMemo, useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { HttpError, requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { useToast } from '~/components/ui/toasts'
import { CardFace } from '~/components/editor/card_face'
import { CardAppearanceContext } from '~/components/editor/card_appearance'
import { PresetForm } from '~/components/card_presets/preset_form'
import { bodyOf, draftOf, type Draft } from '~/components/card_presets/types'
import type { Data } from '~generated/data'
import '~/css/editor.css'
import '~/css/card_presets.css'

type Props = {
  deck: Data.CardStyleDeck
  presets: Data.CardPreset[]
  appearance: Data.CardAppearance
}

/* the previewed card: a question, and its answer under the separator */
const SAMPLE_FRONT = (t: ReturnType<typeof useT>) => `<p>${t('card_style.sample_front')}</p>`
const SAMPLE_BACK = (t: ReturnType<typeof useT>) =>
  `<p>${t('card_style.sample_front')}</p><hr id="answer"><p>${t('card_style.sample_back')}</p>`

/**
 * The look being edited, made into the frame's CSS by the server (custom CSS confined there), a moment after
 * each change.
 */
function useLivePreview(draft: Draft, deckId: number, initial: Data.CardAppearance) {
  const [appearance, setAppearance] = useState(initial)
  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      requestJson<Data.CardAppearance>(urlFor('card_presets.preview'), {
        method: 'POST',
        json: { ...bodyOf(draft), deck_id: deckId },
        signal: controller.signal,
      })
        .then(setAppearance)
        .catch(() => undefined)
    }, 200)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [draft, deckId])
  return appearance
}

/** The deck's "card style" screen: pick a preset, change it into one's own, see the card change as one goes. */
export default function CardStylePage({ deck, presets, appearance: initial }: Props) {
  const t = useT()
  const toast = useToast()
  const nameOf = (preset: Data.CardPreset) =>
    preset.key ? t(`card_style.builtin.${preset.key}`) : preset.name
  const current = presets.find((preset) => preset.id === deck.cardPresetId) ?? presets[0]
  const [selected, setSelected] = useState<Data.CardPreset>(current)
  const [draft, setDraft] = useState<Draft>(() => ({ ...draftOf(current), name: nameOf(current) }))
  const [busy, setBusy] = useState(false)
  const appearance = useLivePreview(draft, deck.id, initial)
  const selectedName = nameOf(selected)
  const changed = useMemo(
    () => JSON.stringify(draft) !== JSON.stringify({ ...draftOf(selected), name: selectedName }),
    [draft, selected, selectedName]
  )

  const pick = (preset: Data.CardPreset) => {
    setSelected(preset)
    setDraft(preset.key ? { ...draftOf(preset), name: nameOf(preset) } : draftOf(preset))
  }
  const failed = (error: unknown) =>
    toast({
      title: error instanceof HttpError && error.message ? error.message : t('card_style.failed'),
      type: 'textSecondary',
    })

  /* an edited built-in becomes the learner's own copy; their own preset is saved in place */
  const apply = async () => {
    setBusy(true)
    try {
      let id = selected.id
      if (changed && selected.isBuiltIn) {
        const name =
          draft.name === nameOf(selected)
            ? t('card_style.copy_name', { name: nameOf(selected) })
            : draft.name
        const body = { method: 'POST', json: bodyOf({ ...draft, name }) }
        const created = await requestJson<Data.CardPreset>(urlFor('card_presets.store'), body)
        id = created.id
      } else if (changed) {
        const body = { method: 'PUT', json: bodyOf(draft) }
        await requestJson<Data.CardPreset>(urlFor('card_presets.update', { id }), body)
      }
      router.put(
        urlFor('decks.update', { id: deck.id }),
        { deck: { card_preset_id: id } },
        { preserveScroll: true, onSuccess: () => router.reload(), onFinish: () => setBusy(false) }
      )
    } catch (error) {
      failed(error)
      setBusy(false)
    }
  }
  const remove = async () => {
    try {
      await requestJson(urlFor('card_presets.destroy', { id: selected.id }), { method: 'DELETE' })
      router.reload({ onSuccess: () => pick(presets[0]) })
    } catch (error) {
      failed(error)
    }
  }

  return (
    <div className="card-style-page">
      <Head title={t('card_style.title', { deck: deck.name })} />
      <p>
        <Link route="decks.show" routeParams={{ id: deck.id }}>
          ‹ {deck.name}
        </Link>
      </p>
      <h1>{t('card_style.heading')}</h1>
      <div className="card-style-presets" role="group" aria-label={t('card_style.presets')}>
        {presets.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="button"
            aria-pressed={preset.id === selected.id}
            onClick={() => pick(preset)}
          >
            {nameOf(preset)}
            {preset.id === deck.cardPresetId && (
              <span className="muted"> · {t('card_style.in_use')}</span>
            )}
          </button>
        ))}
      </div>
      <div className="card-style-layout">
        <section className="card-style-preview" aria-label={t('card_style.preview')}>
          <h2>{t('card_style.preview')}</h2>
          <CardAppearanceContext.Provider value={appearance}>
            <CardFace html={SAMPLE_FRONT(t)} title={t('card_style.preview_front')} />
            <CardFace html={SAMPLE_BACK(t)} title={t('card_style.preview_back')} />
          </CardAppearanceContext.Provider>
        </section>
        <section>
          <PresetForm draft={draft} onChange={setDraft} />
          <div className="card-style-actions">
            <button type="button" className="button primary" disabled={busy} onClick={apply}>
              {t(changed ? 'card_style.save_apply' : 'card_style.apply')}
            </button>
            {!selected.isBuiltIn && (
              <button type="button" className="button danger" onClick={remove}>
                {t('card_style.delete')}
              </button>
            )}
          </div>
        </section>
      </div>
    </div>
  )
}
