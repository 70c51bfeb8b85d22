import { useEffect, useState, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useT } from '~/lib/i18n'
import { CardFace } from '~/components/editor/card_face'
import '~/css/participants.css'

type Props = {
  unavailable: boolean
  /** null when the link leads nowhere (sharing off, deck gone) */
  deck: Data.Embed.Variants['forPage'] | null
  cards: Data.EmbedCard[]
}

/** A shared deck framed on another site: flip through its cards, read-only, no sign-in, nothing saved. */
export default function Embed(props: Props) {
  const t = useT()
  /* no app layout here: the page says it is interactive itself (browser tests wait for it) */
  useEffect(() => {
    document.documentElement.dataset.ready = 'true'
  }, [])
  if (props.unavailable || !props.deck) {
    return (
      <div className="embed embed-message" data-state="unavailable">
        <Head title={t('participant.embed.unavailable_title')} />
        <h1>{t('participant.embed.unavailable_title')}</h1>
        <p className="muted">{t('participant.embed.unavailable_body')}</p>
      </div>
    )
  }
  return <EmbedDeck name={props.deck.name} cards={props.cards} />
}

function EmbedDeck({ name, cards }: { name: string; cards: Props['cards'] }) {
  const t = useT()
  const [index, setIndex] = useState(0)
  const [flipped, setFlipped] = useState(false)
  const card = cards[index]
  const go = (to: number) => {
    setIndex(to)
    setFlipped(false)
  }
  return (
    <div className="embed">
      <Head title={name} />
      <header className="embed-header">
        <strong>{name}</strong>
        {card && (
          <span className="muted">
            {t('participant.embed.position', { index: index + 1, total: cards.length })}
          </span>
        )}
      </header>
      {card ? (
        <>
          <button
            type="button"
            className="embed-card"
            onClick={() => setFlipped(!flipped)}
            aria-pressed={flipped}
          >
            <CardFace
              key={`${card.id}-${flipped}`}
              html={flipped ? card.back : card.front}
              css={card.css}
              title={t(flipped ? 'participant.embed.back' : 'participant.embed.front')}
            />
          </button>
          <nav className="embed-actions">
            <button
              type="button"
              className="button"
              disabled={index === 0}
              onClick={() => go(index - 1)}
            >
              {t('participant.embed.previous')}
            </button>
            <button type="button" className="button primary" onClick={() => setFlipped(!flipped)}>
              {t('participant.embed.flip')}
            </button>
            <button
              type="button"
              className="button"
              disabled={index >= cards.length - 1}
              onClick={() => go(index + 1)}
            >
              {t('participant.embed.next')}
            </button>
          </nav>
        </>
      ) : (
        <p className="muted embed-message">{t('participant.embed.empty')}</p>
      )}
      <footer className="muted embed-footer">{t('participant.embed.made_with')}</footer>
    </div>
  )
}

/* framed on other sites: no navigation bar, no app chrome */
Embed.layout = (page: ReactNode) => page
