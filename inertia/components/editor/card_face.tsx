import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import katexCssUrl from 'katex/dist/katex.min.css?url'
import { hasMath, loadMath, mathReady, renderMath } from './math'
import { useCardTheme, type CardTheme } from './use_card_theme'
import {
  useCardAppearance,
  useCardDevice,
  type CardAppearance,
  type CardDevice,
} from './card_appearance'

export type CardFaceProps = {
  /** server-rendered, server-sanitized HTML of one side of a card */
  html: string
  /** the note type's CSS (Anki's "Styling") */
  css?: string
  className?: string
  /** accessible name of the frame */
  title: string
}

/** What every card looks like before the note type's own CSS. */
function baseCss(theme: CardTheme) {
  return `
:root { color-scheme: ${theme.scheme}; }
html, body { margin: 0; }
body { background: ${theme.surface}; color: ${theme.text}; }
/* Anki's night mode: the theme's colours win over a note type's \`.card\` ones (an imported card says
   "color: black; background-color: white"); the note type's own \`.nightMode.card\` rules still win over these */
body.nightMode { background-color: ${theme.surface}; color: ${theme.text}; }
.card { font: 20px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; text-align: center; padding:
  1rem; overflow-wrap: anywhere; }
img { max-width: 100%; height: auto; max-height: var(--mnemo-image-max, 320px); object-fit: contain; }
audio { max-width: 100%; }
a { color: ${theme.accent}; }
pre { text-align: left; overflow-x: auto; padding: 0.75rem; border-radius: 8px; background: color-mix(in
  srgb, ${theme.text} 7%, transparent); }
ul, ol { text-align: left; display: inline-block; margin: 0.5rem 0; }
mark { background: #ffe066; color: #1d1b18; }
.cloze { font-weight: bold; color: ${theme.accent}; }
hr#answer { border: 0; border-top: 1px solid ${theme.border}; margin: 1rem 0; }
.io-wrap { position: relative; display: inline-block; max-width: 100%; line-height: 0; }
.io-wrap img { display: block; }
.io-mask { position: absolute; box-sizing: border-box; background: #ffeba2; border: 1px solid #212121;
  border-radius: 2px; }
.io-mask.io-active { background: #ff8e8e; border-color: #c92a2a; }
.io-mask.io-revealed { background: transparent; border: 2px solid #ff5b5b; }
[data-type-answer] { display: inline-block; min-width: 12em; min-height: 1.6em; margin: 0.25rem 0; border:
  2px dashed ${theme.muted}; border-radius: 6px; }
.type-answer-result { display: inline-block; font-family: ui-monospace, Menlo, Consolas, monospace; padding:
  0.25rem 0.5rem; border-radius: 6px; background: color-mix(in srgb, ${theme.text} 6%, transparent); }
.type-answer-result .typeGood { background: #b2f2bb; color: #1b4d25; }
.type-answer-result .typeBad { background: #ffc9c9; color: #7a1d1d; }
.type-answer-result .typeMissed { background: #e9ecef; color: #495057; }
`
}

/*
 * How tall a card's picture may be: 40 % of the window, so a tall one leaves
 * the answer buttons in view. Set from the page: inside the frame, which
 * grows to its content, vh would grow with the picture.
 */
const imageLimit = () => `${Math.max(120, Math.round(window.innerHeight * 0.4))}px`

/** `</style` inside a note type's CSS must not end our style element. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style')

/* the frame's classes: the preset's CSS is written for them (app/services/card_presets/appearance.ts) */
function cardDocument(
  html: string,
  css: string,
  theme: CardTheme,
  device: CardDevice,
  appearance: CardAppearance | null
) {
  const night = theme.scheme === 'dark' ? ' nightMode night_mode' : ''
  const look = appearance ? `<style data-card-appearance>${styleText(appearance.css)}</style>` : ''
  /* KaTeX's stylesheet only for a card with math */
  const math = hasMath(html) ? `<link rel="stylesheet" href="${katexCssUrl}">` : ''
  return (
    `<!doctype html><html><head><meta charset="utf-8">${math}<style>${baseCss(theme)}</style>` +
    `<style>${styleText(css)}</style>${look}</head><body ` +
    `class="card mnemo-card-frame mnemo-device-${device}${night}">${renderMath(html)}</body></html>`
  )
}

/**
 * One side of a card, isolated in a sandboxed frame: the card's HTML and CSS
 * can neither run scripts nor touch the page's styles. Same origin, so media
 * requests carry the session cookie and the frame can be measured from here.
 */
export function CardFace({ html, css = '', className, title }: CardFaceProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const theme = useCardTheme()
  const appearance = useCardAppearance()
  const device = useCardDevice()
  const [height, setHeight] = useState<number>()
  /* a card with math waits for KaTeX, loaded by the first such card */
  const [math, setMath] = useState(mathReady)
  const needsMath = hasMath(html)
  useEffect(() => {
    if (needsMath && !math) void loadMath().then(() => setMath(true))
  }, [needsMath, math])
  /* built after mount only: math rendering needs the DOM, and server and client must agree */
  const srcDoc = useMemo(
    () =>
      theme && (math || !needsMath)
        ? cardDocument(html, css, theme, device, appearance)
        : undefined,
    [html, css, theme, device, appearance, math, needsMath]
  )
  const surround = appearance && theme ? appearance.surroundings[theme.scheme] : null

  const measure = useCallback(() => {
    const body = frame.current?.contentDocument?.body
    if (body) setHeight(Math.ceil(body.scrollHeight))
  }, [])

  const cleanup = useRef<() => void>(undefined)
  const onLoad = useCallback(() => {
    cleanup.current?.()
    const doc = frame.current?.contentDocument
    if (!doc?.body) return
    const limitImages = () =>
      doc.documentElement.style.setProperty('--mnemo-image-max', imageLimit())
    limitImages()
    measure()
    /* images, fonts and audio controls arrive after load: follow the body's size */
    const observer = new ResizeObserver(measure)
    observer.observe(doc.body)
    doc.addEventListener('load', measure, true)
    window.addEventListener('resize', limitImages)
    cleanup.current = () => {
      observer.disconnect()
      doc.removeEventListener('load', measure, true)
      window.removeEventListener('resize', limitImages)
    }
  }, [measure])
  useEffect(() => () => cleanup.current?.(), [])

  const face = (
    <iframe
      ref={frame}
      className={`card-face${className ? ` ${className}` : ''}`}
      title={title}
      sandbox="allow-same-origin"
      srcDoc={srcDoc}
      onLoad={onLoad}
      style={height ? { height } : undefined}
    />
  )
  /* the preset's colour or picture around the card (never CSS: a checked colour and a same-origin path) */
  if (!surround?.color && !surround?.image) return face
  return (
    <div
      className="card-surround"
      style={{
        backgroundColor: surround.color ?? undefined,
        backgroundImage: surround.image ?? undefined,
        backgroundSize: 'cover',
      }}
    >
      {face}
    </div>
  )
}
