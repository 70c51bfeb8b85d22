import { useEffect, useRef, useState } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Transmit } from '@adonisjs/transmit-client'
import { useT } from '~/lib/i18n'
import { HttpError, requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { announcedElsewhere } from '~/components/decks/use_deck_polling'
import { PdfPages, type ChosenPdf } from '~/components/ai/pdf_pages'
import '~/css/decks.css'
import '~/css/ai.css'

type Provider = 'openai' | 'anthropic' | 'offline'
type FreeTier = { aiGenWithPrompt: number; aiGenWithPdf: number; aiGenCardBuilder: number } | null
type Props = {
  deck: { id: number; name: string } | null
  decks: { id: number; name: string }[]
  provider: Provider
  limits: { maxCards: number; freeMaxCards: number; premiumMaxCards: number; pdfMaxMb: number; maxPages: number }
  freeTier: FreeTier
  isPremium: boolean
}
type StreamNote = { id: number; front: string; back: string }
type Stream = {
  streamId: number
  deckId: number
  deckName: string
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled'
  count: number
  maxCards: number
  error: { code: string } | null
  freeTier: FreeTier
  channel?: string
  notes: { id: number; front: { preview: string }; back: { preview: string } }[]
}
type Source = 'document' | 'prompt' | 'words'

/* literal keys, so the catalogue test sees every one */
const FAILURES: Record<string, string> = {
  E_AI_RATE_LIMITED: 'ai.failed.rate_limited',
  E_AI_PROVIDER: 'ai.failed.provider',
  E_AI_NEEDS_PROVIDER: 'ai.failed.needs_provider',
  E_AI_NOTHING_GENERATED: 'ai.failed.nothing',
  E_CARDS_LIMIT_REACHED: 'ai.failed.cards_limit',
  E_GUEST_CARDS_LIMIT: 'ai.failed.guest_limit',
}
const FORMATS = { basic: 'ai.settings.format_basic', reversed: 'ai.settings.format_reversed', cloze: 'ai.settings.format_cloze', mixed: 'ai.settings.format_mixed' } as const
const LEVELS = { brief: 'ai.settings.detail_brief', standard: 'ai.settings.detail_standard', detailed: 'ai.settings.detail_detailed' } as const
const SOURCES = { document: 'ai.source.document', prompt: 'ai.source.prompt', words: 'ai.source.words' } as const
const RUNNING = new Set(['queued', 'running'])

const notesOf = (stream: Stream): StreamNote[] => stream.notes.map((note) => ({ id: note.id, front: note.front.preview, back: note.back.preview }))

/**
 * The AI flashcard generator (spec: document upload, custom prompt, preview,
 * settings). The cards are made in the worker; the page hears each note as
 * it is saved (server-sent events on the deck's channel) and asks the
 * stream's status every few seconds as well, so a missed event costs nothing.
 */
export default function Generate({ deck, decks, provider, limits, freeTier: initialFree, isPremium }: Props) {
  const t = useT()
  const [source, setSource] = useState<Source>('document')
  const [pdf, setPdf] = useState<ChosenPdf | null>(null)
  const [prompt, setPrompt] = useState('')
  const [words, setWords] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [format, setFormat] = useState<keyof typeof FORMATS>('basic')
  const [detail, setDetail] = useState<keyof typeof LEVELS>('standard')
  const [customPrompt, setCustomPrompt] = useState('')
  const [amount, setAmount] = useState(Math.min(10, limits.maxCards))
  const [target, setTarget] = useState<string>(deck ? String(deck.id) : 'new')
  const [deckName, setDeckName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [stream, setStream] = useState<Stream | null>(null)
  const [notes, setNotes] = useState<StreamNote[]>([])
  const [freeTier, setFreeTier] = useState<FreeTier>(initialFree)
  const transmit = useRef<Transmit | null>(null)

  const running = stream !== null && RUNNING.has(stream.status)

  /* the stream's notes as they are saved (SSE), and its status every 3 s while it runs */
  useEffect(() => {
    if (!stream?.channel || !RUNNING.has(stream.status)) return
    transmit.current ??= new Transmit({ baseUrl: window.location.origin })
    const subscription = transmit.current.subscription(stream.channel)
    const streamId = stream.streamId
    const stop = subscription.onMessage<any>((event) => {
      if (event?.streamId !== streamId) return
      if (event.type === 'note') {
        setNotes((current) => (current.some((note) => note.id === event.note.id) ? current : [...current, event.note]))
      } else if (event.type === 'finished') void refresh(streamId)
    })
    void subscription.create()
    const timer = window.setInterval(() => void refresh(streamId), 3000)
    return () => {
      stop()
      window.clearInterval(timer)
      void subscription.delete().catch(() => {})
    }
  }, [stream?.streamId, stream?.channel, running])

  useEffect(() => () => transmit.current?.close(), [])

  async function refresh(streamId: number) {
    try {
      const current = await requestJson<Stream>(urlFor('ai.streams.show', { id: streamId }))
      setStream((before) => ({ ...current, channel: before?.channel }))
      setNotes(notesOf(current))
      setFreeTier(current.freeTier)
      /* this page says it is done: the deck list's poll need not say it again */
      if (!RUNNING.has(current.status)) announcedElsewhere.add(current.deckId)
    } catch {
      /* the next tick tries again */
    }
  }

  function failure(caught: unknown) {
    if (caught instanceof HttpError && caught.message) return caught.message
    return t('ai.errors.unknown')
  }

  async function generate() {
    setError(null)
    setBusy(true)
    try {
      const into = target === 'new' ? { deck_name: deckName.trim() || null } : { deck_id: Number(target) }
      let body: Record<string, unknown>
      if (source === 'document') {
        if (!pdf) throw new Error(t('ai.document.choose_first'))
        const form = new FormData()
        form.append('pages', pdf.pages.join(','))
        form.append('file', pdf.file, pdf.file.name)
        const document = await requestJson<{ documentId: number }>(urlFor('ai.documents'), { method: 'POST', body: form })
        body = { ...into, document_id: document.documentId, card_format: format, detail_level: detail, custom_prompt: customPrompt || null, cards_amount: amount }
      } else if (source === 'prompt') {
        body = { ...into, user_prompt: prompt, card_format: format, detail_level: detail, custom_prompt: customPrompt || null, cards_amount: amount }
      } else {
        body = { ...into, mode: 'words', user_prompt: words, card_format: format, cards_amount: amount, translation_from: from || null, translation_to: to || null }
      }
      const started = await requestJson<Stream>(urlFor('ai.streams.store'), { method: 'POST', json: body })
      setNotes(notesOf(started))
      setStream(started)
      setFreeTier(started.freeTier)
    } catch (caught) {
      setError(caught instanceof HttpError ? failure(caught) : (caught as Error).message || t('ai.errors.unknown'))
    } finally {
      setBusy(false)
    }
  }

  async function cancel(deleteNotes: boolean) {
    if (!stream) return
    try {
      const stopped = await requestJson<Stream>(`${urlFor('ai.streams.destroy', { id: stream.streamId })}`, { method: 'DELETE', json: { delete_notes: deleteNotes } })
      setStream((before) => ({ ...stopped, channel: before?.channel }))
      setNotes(notesOf(stopped))
      announcedElsewhere.add(stopped.deckId)
    } catch (caught) {
      setError(failure(caught))
    }
  }

  const left = freeTier ? { document: freeTier.aiGenWithPdf, prompt: freeTier.aiGenWithPrompt, words: freeTier.aiGenCardBuilder }[source] : null
  const offlineTopic = provider === 'offline' && source === 'prompt'

  return (
    <div className="stack ai-generator">
      <Head title={t('ai.title')} />
      <nav className="breadcrumbs" aria-label={t('decks.deck.breadcrumbs')}>
        <Link route="home">{t('decks.list.all_decks')}</Link>
        {deck && (
          <>
            <span aria-hidden="true">›</span>
            <Link route="decks.show" routeParams={{ id: deck.id }}>{deck.name}</Link>
          </>
        )}
      </nav>
      <h1>{t('ai.title')}</h1>
      <p className="notice" data-provider={provider}>
        {provider === 'offline' ? t('ai.provider.offline') : t('ai.provider.configured', { provider: provider === 'openai' ? 'OpenAI' : 'Anthropic' })}
      </p>
      <p className="muted ai-limits">
        {isPremium ? t('ai.limits.premium', { max: limits.maxCards }) : t('ai.limits.free', { max: limits.maxCards, premium: limits.premiumMaxCards })}
        {left !== null && (
          <>
            {' '}
            <strong className="ai-free-left" data-left={left}>{t('ai.limits.left', { count: left })}</strong>
          </>
        )}
      </p>

      {!stream || !running ? (
        <section className="card stack" aria-label={t('ai.settings.title')}>
          <div className="ai-tabs" role="tablist">
            {(Object.keys(SOURCES) as Source[]).map((name) => (
              <button key={name} type="button" role="tab" aria-selected={source === name} className={`button small ${source === name ? 'primary' : ''}`} onClick={() => setSource(name)}>
                {t(SOURCES[name])}
              </button>
            ))}
          </div>

          {source === 'document' && <PdfPages maxPages={limits.maxPages} maxMb={limits.pdfMaxMb} onChange={setPdf} />}
          {source === 'prompt' && (
            <label className="field">
              <span>{t('ai.prompt.label')}</span>
              <textarea rows={3} value={prompt} maxLength={10000} placeholder={t('ai.prompt.placeholder')} onChange={(event) => setPrompt(event.target.value)} />
              {offlineTopic && <small className="field-error">{t('ai.prompt.needs_provider')}</small>}
            </label>
          )}
          {source === 'words' && (
            <>
              <label className="field">
                <span>{t('ai.words.label')}</span>
                <textarea rows={6} value={words} maxLength={10000} placeholder={t('ai.words.placeholder')} onChange={(event) => setWords(event.target.value)} />
                <small className="muted">{t('ai.words.hint')}</small>
              </label>
              <div className="row">
                <label className="field">
                  <span>{t('ai.words.from')}</span>
                  <input value={from} maxLength={10} placeholder="de" onChange={(event) => setFrom(event.target.value)} />
                </label>
                <label className="field">
                  <span>{t('ai.words.to')}</span>
                  <input value={to} maxLength={10} placeholder="en" onChange={(event) => setTo(event.target.value)} />
                </label>
              </div>
            </>
          )}

          <h2>{t('ai.settings.title')}</h2>
          <div className="row ai-settings">
            <label className="field">
              <span>{t('ai.settings.format')}</span>
              <select value={format} onChange={(event) => setFormat(event.target.value as keyof typeof FORMATS)}>
                {(Object.keys(FORMATS) as (keyof typeof FORMATS)[]).map((name) => (
                  <option key={name} value={name}>{t(FORMATS[name])}</option>
                ))}
              </select>
            </label>
            {source !== 'words' && (
              <label className="field">
                <span>{t('ai.settings.detail')}</span>
                <select value={detail} onChange={(event) => setDetail(event.target.value as keyof typeof LEVELS)}>
                  {(Object.keys(LEVELS) as (keyof typeof LEVELS)[]).map((name) => (
                    <option key={name} value={name}>{t(LEVELS[name])}</option>
                  ))}
                </select>
              </label>
            )}
            <label className="field">
              <span>{t('ai.settings.amount', { max: limits.maxCards })}</span>
              <input type="number" min={1} max={limits.maxCards} value={amount} onChange={(event) => setAmount(Math.max(1, Math.min(limits.maxCards, Number(event.target.value) || 1)))} />
            </label>
            <label className="field">
              <span>{t('ai.settings.deck')}</span>
              <select value={target} onChange={(event) => setTarget(event.target.value)}>
                <option value="new">{t('ai.settings.new_deck')}</option>
                {decks.map((item) => (
                  <option key={item.id} value={item.id}>{item.name}</option>
                ))}
              </select>
            </label>
            {target === 'new' && (
              <label className="field">
                <span>{t('ai.settings.deck_name')}</span>
                <input value={deckName} maxLength={255} placeholder={t('ai.settings.deck_name_placeholder')} onChange={(event) => setDeckName(event.target.value)} />
              </label>
            )}
          </div>
          {source !== 'words' && (
            <label className="field">
              <span>{t('ai.settings.custom_prompt')}</span>
              <textarea rows={2} value={customPrompt} maxLength={2000} placeholder={t('ai.settings.custom_prompt_placeholder')} onChange={(event) => setCustomPrompt(event.target.value)} />
            </label>
          )}
          {error && <p className="notice notice-danger" role="alert">{error}</p>}
          <div className="row">
            <button type="button" className="button primary" disabled={busy || offlineTopic || (source === 'document' && !pdf)} onClick={() => void generate()}>
              {busy ? t('ai.generating') : t('ai.generate')}
            </button>
          </div>
        </section>
      ) : null}

      {stream && (
        <section className="card stack ai-preview" aria-label={t('ai.preview.title')} data-status={stream.status}>
          <div className="row ai-preview-head">
            <h2>{t('ai.preview.title')}</h2>
            <span className="badge badge-processing" aria-live="polite">
              {running && <span className="spinner" aria-hidden="true" />}
              {running ? t('ai.preview.running', { count: notes.length }) : stream.status === 'cancelled' ? t('ai.preview.cancelled', { count: notes.length }) : stream.status === 'failed' ? t('ai.preview.failed') : t('ai.preview.done', { count: stream.count })}
            </span>
          </div>
          {stream.error && <p className="notice notice-danger" role="alert">{t(FAILURES[stream.error.code] ?? 'ai.errors.unknown')}</p>}
          {running && (
            <div className="row">
              <button type="button" className="button" onClick={() => void cancel(false)}>{t('ai.cancel.keep')}</button>
              <button type="button" className="button danger" onClick={() => void cancel(true)}>{t('ai.cancel.delete')}</button>
            </div>
          )}
          <ol className="ai-notes">
            {notes.map((note) => (
              <li key={note.id} className="ai-note" data-note-id={note.id}>
                <div className="ai-note-front">{note.front}</div>
                <div className="ai-note-back muted">{note.back}</div>
              </li>
            ))}
          </ol>
          {!running && (
            <div className="row">
              <Link route="decks.show" routeParams={{ id: stream.deckId }} className="button">{t('ai.preview.open_deck', { name: stream.deckName })}</Link>
              {stream.count > 0 && stream.status !== 'cancelled' && (
                <Link route="learn.show" routeParams={{ id: stream.deckId }} className="button primary">{t('ai.preview.study')}</Link>
              )}
              <button type="button" className="button" onClick={() => { setStream(null); setNotes([]) }}>{t('ai.preview.again')}</button>
            </div>
          )}
        </section>
      )}
    </div>
  )
}
