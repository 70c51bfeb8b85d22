import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { HttpError, requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { PdfPages, type ChosenPdf } from '~/components/ai/pdf_pages'
import {
  SettingsFields,
  SourceFields,
  type Settings,
  type SourceText,
} from '~/components/ai/generator_fields'
import type { Limits, Provider, Source, Stream } from '~/components/ai/stream'
import type { Data } from '~generated/data'

const SOURCES = {
  document: 'ai.source.document',
  prompt: 'ai.source.prompt',
  words: 'ai.source.words',
} as const

type Props = {
  provider: Provider
  limits: Limits
  deckId: number | null
  decks: Data.AiTargetDeck[]
  source: Source
  onSource: (source: Source) => void
  onStarted: (stream: Stream) => void
}

/** What the cards are made from and how (spec: document upload, custom prompt, settings); starts the stream. */
export function GeneratorForm({
  provider,
  limits,
  deckId,
  decks,
  source,
  onSource,
  onStarted,
}: Props) {
  const t = useT()
  const [pdf, setPdf] = useState<ChosenPdf | null>(null)
  const [text, setText] = useState<SourceText>({ prompt: '', words: '', from: '', to: '' })
  const [settings, setSettings] = useState<Settings>({
    format: 'basic',
    detail: 'standard',
    customPrompt: '',
    amount: Math.min(10, limits.maxCards),
    target: deckId ? String(deckId) : 'new',
    deckName: '',
  })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const offlineTopic = provider === 'offline' && source === 'prompt'

  async function body(): Promise<Record<string, unknown>> {
    const into =
      settings.target === 'new'
        ? { deck_name: settings.deckName.trim() || null }
        : { deck_id: Number(settings.target) }
    const how = { card_format: settings.format, cards_amount: settings.amount }
    const described = {
      ...into,
      ...how,
      detail_level: settings.detail,
      custom_prompt: settings.customPrompt || null,
    }
    if (source === 'prompt') return { ...described, user_prompt: text.prompt }
    if (source === 'words')
      return {
        ...into,
        ...how,
        mode: 'words',
        user_prompt: text.words,
        translation_from: text.from || null,
        translation_to: text.to || null,
      }
    if (!pdf) throw new Error(t('ai.document.choose_first'))
    const form = new FormData()
    form.append('pages', pdf.pages.join(','))
    form.append('file', pdf.file, pdf.file.name)
    const document = await requestJson<{ documentId: number }>(urlFor('ai.documents'), {
      method: 'POST',
      body: form,
    })
    return { ...described, document_id: document.documentId }
  }

  async function generate() {
    setError(null)
    setBusy(true)
    try {
      onStarted(
        await requestJson<Stream>(urlFor('ai.streams.store'), {
          method: 'POST',
          json: await body(),
        })
      )
    } catch (caught) {
      setError(
        (caught instanceof HttpError ? caught.message : (caught as Error).message) ||
          t('ai.errors.unknown')
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card stack" aria-label={t('ai.settings.title')}>
      <div className="ai-tabs" role="tablist">
        {(Object.keys(SOURCES) as Source[]).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={source === name}
            className={`button small ${source === name ? 'primary' : ''}`}
            onClick={() => onSource(name)}
          >
            {t(SOURCES[name])}
          </button>
        ))}
      </div>
      {source === 'document' ? (
        <PdfPages maxPages={limits.maxPages} maxMb={limits.pdfMaxMb} onChange={setPdf} />
      ) : (
        <SourceFields source={source} text={text} onChange={setText} offlineTopic={offlineTopic} />
      )}
      <SettingsFields
        source={source}
        limits={limits}
        decks={decks}
        settings={settings}
        onChange={setSettings}
      />
      {error && (
        <p className="notice notice-danger" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button
          type="button"
          className="button primary"
          disabled={busy || offlineTopic || (source === 'document' && !pdf)}
          onClick={() => void generate()}
        >
          {busy ? t('ai.generating') : t('ai.generate')}
        </button>
      </div>
    </section>
  )
}
