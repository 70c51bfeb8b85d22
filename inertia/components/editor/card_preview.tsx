import { useEffect, useState, type KeyboardEvent } from 'react'
import { useT } from '~/lib/i18n'
import { Tooltip } from '~/components/ui/tooltip'
import { CardFace } from './card_face'
import { useShortcut } from './shortcuts'
import type { Data } from '~generated/data'
import '~/css/editor.css'

/** A card as POST /notes/preview renders it. */
type PreviewCard = Data.NotePreview.Variants['forEditor']['cards'][number]

export type CardPreviewProps = {
  cards: PreviewCard[]
  /** the note type's CSS */
  css?: string
}

/** Above this many cards the tabs become a select. */
const MAX_TABS = 5

/* the card-preview hint is shown at most this many times on a browser (spec 001: "at most 3 times") */
const PREVIEW_HINT_TIMES = 3
const HINT_KEY = 'mnemo.previewHint.shown'

/** Whether this preview shows the hint: counted once per preview shown, kept in the browser. */
function usePreviewHint() {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const times = Number(window.localStorage.getItem(HINT_KEY) ?? 0)
    if (times >= PREVIEW_HINT_TIMES) return
    window.localStorage.setItem(HINT_KEY, String(times + 1))
    // eslint-disable-next-line react-hooks/set-state-in-effect -- shown as this mount counts itself in localStorage
    setShown(true)
  }, [])
  return shown
}

/**
 * The cards a note makes, one at a time: pick the card, switch between its
 * front and back (Space flips while the preview has the focus).
 */
export function CardPreview({ cards, css }: CardPreviewProps) {
  const t = useT()
  const shortcut = useShortcut()
  /* remembered by ord, so the same card stays shown while the note is edited */
  const [ord, setOrd] = useState<number | null>(null)
  const [side, setSide] = useState<'front' | 'back'>('front')
  const hint = usePreviewHint()
  const card = cards.find((item) => item.ord === ord) ?? cards[0]
  if (!card) return null

  const select = (next: number) => {
    setOrd(next)
    setSide('front')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== ' ' || event.ctrlKey || event.metaKey || event.altKey) return
    if ((event.target as HTMLElement).closest('select, input, textarea')) return
    event.preventDefault()
    setSide((current) => (current === 'front' ? 'back' : 'front'))
  }

  return (
    <div
      className="card-preview"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label={t('editor.preview.title')}
      role="group"
    >
      <div className="card-preview-bar">
        {cards.length > MAX_TABS ? (
          <label className="card-preview-select">
            <span className="visually-hidden">{t('editor.preview.card')}</span>
            <select value={card.ord} onChange={(event) => select(Number(event.target.value))}>
              {cards.map((item) => (
                <option key={item.ord} value={item.ord}>
                  {item.label}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <div className="card-preview-tabs" role="tablist" aria-label={t('editor.preview.card')}>
            {cards.map((item) => (
              <button
                key={item.ord}
                type="button"
                role="tab"
                aria-selected={item.ord === card.ord}
                className={item.ord === card.ord ? 'active' : undefined}
                onClick={() => select(item.ord)}
              >
                {item.label}
              </button>
            ))}
          </div>
        )}
        <Tooltip label={t('editor.preview.flip')} shortcut={shortcut('Space')}>
          <div className="segmented-small" role="radiogroup" aria-label={t('editor.preview.side')}>
            <button
              type="button"
              role="radio"
              aria-checked={side === 'front'}
              onClick={() => setSide('front')}
            >
              {t('editor.preview.front')}
            </button>
            <button
              type="button"
              role="radio"
              aria-checked={side === 'back'}
              onClick={() => setSide('back')}
            >
              {t('editor.preview.back')}
            </button>
          </div>
        </Tooltip>
      </div>
      {hint && (
        <p className="muted card-preview-hint" data-testid="preview-hint">
          {t('editor.preview.hint', { key: shortcut('Space') })}
        </p>
      )}
      <CardFace
        html={side === 'front' ? card.front : card.back}
        css={css}
        title={t('editor.preview.face', {
          card: card.label,
          side: side === 'front' ? t('editor.preview.front') : t('editor.preview.back'),
        })}
      />
    </div>
  )
}
