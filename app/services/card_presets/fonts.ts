import type { CardFont } from '#services/card_presets/types'

/*
 * The spec's card fonts and the @fontsource package each is served from
 * (GET /fonts/cards/<font>-<weight>.woff2, the Latin subset, which holds the
 * accented letters of the five interface languages). `default` is the
 * system font and loads nothing.
 */
const FONT_FILES: Record<
  Exclude<CardFont, 'default'>,
  { pkg: string; fallback: string; weights: number[] }
> = {
  indieFlower: { pkg: 'indie-flower', fallback: 'cursive', weights: [400] },
  montserrat: { pkg: 'montserrat', fallback: 'sans-serif', weights: [400, 700] },
  robotoMono: { pkg: 'roboto-mono', fallback: 'monospace', weights: [400, 700] },
  IBMPlexSans: { pkg: 'ibm-plex-sans', fallback: 'sans-serif', weights: [400, 700] },
  openDyslexic: { pkg: 'opendyslexic', fallback: 'sans-serif', weights: [400, 700] },
  merriWeather: { pkg: 'merriweather', fallback: 'serif', weights: [400, 700] },
  tinos: { pkg: 'tinos', fallback: 'serif', weights: [400, 700] },
  sourceCodePro: { pkg: 'source-code-pro', fallback: 'monospace', weights: [400, 700] },
  golosText: { pkg: 'golos-text', fallback: 'sans-serif', weights: [400, 700] },
  kumbhSans: { pkg: 'kumbh-sans', fallback: 'sans-serif', weights: [400, 700] },
  Shantell_Sans: { pkg: 'shantell-sans', fallback: 'cursive', weights: [400, 700] },
}

const SYSTEM_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

const fontFileUrl = (font: string, weight: number) => `/fonts/cards/${font}-${weight}.woff2`

/** The package file behind a served font, or null for anything else. */
export function fontFile(font: string, weight: number) {
  const entry = FONT_FILES[font as keyof typeof FONT_FILES]
  if (!entry || !entry.weights.includes(weight)) return null
  return `@fontsource/${entry.pkg}/files/${entry.pkg}-latin-${weight}-normal.woff2`
}

/** The @font-face rules and the font-family value of one card font. */
export function fontFace(font: CardFont) {
  if (font === 'default') return { faces: '', family: SYSTEM_STACK }
  const entry = FONT_FILES[font]
  const name = `mnemo-${font}`
  const faces = entry.weights
    .map(
      (weight) =>
        `@font-face { font-family: '${name}'; src: url('${fontFileUrl(font, weight)}') format('woff2'); ` +
        `font-weight: ${weight}; font-style: normal; font-display: swap; }`
    )
    .join('\n')
  return { faces, family: `'${name}', ${entry.fallback}` }
}
