import { useState } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { useToast } from '~/components/ui/toasts'
import { GeneratorForm } from '~/components/ai/generator_form'
import { StreamPreview } from '~/components/ai/stream_preview'
import { useStream } from '~/components/ai/use_stream'
import type { FreeTier, Limits, Provider, Source, Stream } from '~/components/ai/stream'
import type { Data } from '~generated/data'
import '~/css/decks.css'
import '~/css/ai.css'

type Props = {
  deck: Data.AiTargetDeck | null
  decks: Data.AiTargetDeck[]
  provider: Provider
  limits: Limits
  freeTier: FreeTier
  isPremium: boolean
  /** a stream of the learner's to follow as it runs (the onboarding example), or null */
  stream: Stream | null
}

/**
 * The AI flashcard generator (spec: document upload, custom prompt, preview,
 * settings). It says plainly when the offline generator is in use; the cards
 * are made in the worker and stream into the preview (use_stream.ts).
 */
export default function Generate({
  deck,
  decks,
  provider,
  limits,
  freeTier: initialFree,
  isPremium,
  stream: followed,
}: Props) {
  const t = useT()
  const toast = useToast()
  const [source, setSource] = useState<Source>('document')
  const { stream, notes, freeTier, running, live, show, cancel, reset } = useStream(
    initialFree,
    followed
  )
  const left = freeTier
    ? {
        document: freeTier.aiGenWithPdf,
        prompt: freeTier.aiGenWithPrompt,
        words: freeTier.aiGenCardBuilder,
      }[source]
    : null

  return (
    <div className="stack ai-generator">
      <Head title={t('ai.title')} />
      <nav className="breadcrumbs" aria-label={t('decks.deck.breadcrumbs')}>
        <Link route="home">{t('decks.list.all_decks')}</Link>
        {deck && (
          <>
            <span aria-hidden="true">›</span>
            <Link route="decks.show" routeParams={{ id: deck.id }}>
              {deck.name}
            </Link>
          </>
        )}
      </nav>
      <h1>{t('ai.title')}</h1>
      <p className="notice" data-provider={provider}>
        {provider === 'offline'
          ? t('ai.provider.offline')
          : t('ai.provider.configured', {
              provider: provider === 'openai' ? 'OpenAI' : 'Anthropic',
            })}
      </p>
      <p className="muted ai-limits">
        {isPremium
          ? t('ai.limits.premium', { max: limits.maxCards })
          : t('ai.limits.free', { max: limits.maxCards, premium: limits.premiumMaxCards })}
        {left !== null && (
          <>
            {' '}
            <strong className="ai-free-left" data-left={left}>
              {t('ai.limits.left', { count: left })}
            </strong>
          </>
        )}
      </p>
      {!running && (
        <GeneratorForm
          provider={provider}
          limits={limits}
          deckId={deck?.id ?? null}
          decks={decks}
          source={source}
          onSource={setSource}
          onStarted={show}
        />
      )}
      {stream && (
        <StreamPreview
          stream={stream}
          notes={notes}
          running={running}
          live={live}
          onCancel={(deleteNotes) =>
            void cancel(deleteNotes).catch(() =>
              toast({ title: t('ai.errors.unknown'), type: 'textSecondary' })
            )
          }
          onAgain={reset}
        />
      )}
    </div>
  )
}
