import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { useShared } from '~/lib/shared'
import { RatingQuestion } from '~/components/client/star_buttons'
import { Step } from './choice'
import type { Data } from '~generated/data'

type Suggestion = Data.Onboarding['personalisedDecks'][number]
type PaywallOffer = Data.OnboardingPage['paywall']

/** The personalising loader: shown while the answers are stored and the library is asked. */
export function LoaderStep({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const t = useT()
  return (
    <Step title={t('onboarding.loader.title')}>
      {failed ? (
        <div className="stack" role="alert">
          <p>{t('onboarding.loader.failed')}</p>
          <button type="button" className="button primary" onClick={onRetry}>
            {t('onboarding.loader.retry')}
          </button>
        </div>
      ) : (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t('onboarding.loader.body')}
        </p>
      )}
    </Step>
  )
}

/**
 * The spaced-repetition explainers: why cards come back when they do. While
 * the onboarding_rate_us remote flag is on, the onboarding's rate-us moment
 * is here: "how do you like it so far" with stars, sent to the feedback
 * action at once; going on without a rating skips it (it costs no step).
 */
export function ExplainStep({ next }: { next: () => void }) {
  const t = useT()
  const { remoteFlags } = useShared()
  return (
    <Step title={t('onboarding.explain.title')}>
      <ol className="onboarding-explainers">
        {['curve', 'timing', 'buttons'].map((key) => (
          <li key={key}>
            <strong>{t(`onboarding.explain.${key}_title`)}</strong>
            <p>{t(`onboarding.explain.${key}_body`)}</p>
          </li>
        ))}
      </ol>
      {remoteFlags.onboarding_rate_us && (
        <section className="onboarding-rate-us" data-testid="onboarding-rate-us">
          <RatingQuestion question={t('onboarding.rate_us.question')} source="onboarding" />
        </section>
      )}
      <button type="button" className="button primary large" onClick={next}>
        {t('onboarding.explain.next')}
      </button>
    </Step>
  )
}

/** The personalised deck suggestions: choosing one is the first deck. */
export function SuggestionsStep({
  decks,
  aiExampleUrl,
  onChoose,
}: {
  decks: Suggestion[]
  aiExampleUrl: string | null
  onChoose: (deck: Suggestion) => void
}) {
  const t = useT()
  return (
    <Step title={t('onboarding.suggestions.title')} hint={t('onboarding.suggestions.hint')}>
      {decks.length === 0 && <p className="muted">{t('onboarding.suggestions.none')}</p>}
      <ul className="onboarding-decks">
        {decks.map((deck) => (
          <li key={deck.id} className="onboarding-deck" data-public-deck={deck.id}>
            <h2>{deck.title}</h2>
            <p className="muted">{deck.description}</p>
            <p className="muted">{t('onboarding.suggestions.cards', { count: deck.cardsCount })}</p>
            <button
              type="button"
              className="button primary"
              aria-label={t('onboarding.suggestions.choose_named', { name: deck.title })}
              onClick={() => onChoose(deck)}
            >
              {t('onboarding.suggestions.choose')}
            </button>
          </li>
        ))}
      </ul>
      {/* the AI onboarding example: a deck of 20 cards made about what the answers say,
          followed on the generator's page */}
      {aiExampleUrl && (
        <button type="button" className="button" onClick={() => router.post(aiExampleUrl)}>
          {t('onboarding.suggestions.ai_example')}
        </button>
      )}
      <a className="button ghost" href={urlFor('library.home')}>
        {t('onboarding.suggestions.browse')}
      </a>
    </Step>
  )
}

/** The paywall inside the flow: the benefits, the plans page, or on for free. */
export function PaywallStep({
  offer,
  onContinue,
}: {
  offer: PaywallOffer
  onContinue: () => void
}) {
  const t = useT()
  return (
    <Step
      title={t('limits.paywall.title')}
      hint={t('limits.paywall.claim', { percent: offer.claimPercent })}
    >
      <ul>
        {offer.benefits.map((benefit) => (
          <li key={benefit}>{t(`limits.paywall.benefits.${benefit}`)}</li>
        ))}
      </ul>
      <p>{t('limits.paywall.trial', { days: offer.trialDays })}</p>
      <a className="button" href={urlFor('paywall.show')}>
        {t('onboarding.paywall.plans')}
      </a>
      <button type="button" className="button primary large" onClick={onContinue}>
        {t('onboarding.paywall.free')}
      </button>
    </Step>
  )
}

export const startDeck = (deckId: number) =>
  router.post(urlFor('onboarding.start'), { deck_id: deckId })
export const skipOnboarding = () => router.post(urlFor('onboarding.skip'))
