import type Deck from '#models/deck'
import type { FontSettings } from '#models/deck'
import { fontFace } from '#services/card_presets/fonts'
import { FRAME_CLASS, isSameOriginUrl } from '#services/card_presets/scope_css'
import {
  CARD_FONTS,
  DEVICES,
  type CardFont,
  type Device,
  type PresetColors,
  type PresetFont,
  type PresetLook,
} from '#services/card_presets/types'

/*
 * The CSS of a card's frame for a deck: its preset's look (or the default
 * one), the deck's own fontSettings over it (per screen size: size,
 * alignment, optional font), then the preset's custom CSS, already confined
 * (scope_css.ts). The frame's body carries the classes `mnemo-card-frame`,
 * `mnemo-device-<desktop|tablet|phone>` (chosen by the page's width: phone
 * below 600 px, desktop above 716 px) and `nightMode` in the dark theme.
 */
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

const color = (value: string | null | undefined) => (value && HEX.test(value) ? value : null)
const image = (value: string | null | undefined) =>
  value && isSameOriginUrl(value) ? `url("${value.replace(/["\\\n\r]/g, '')}")` : null

function declarations(entries: [string, string | null | false][]) {
  return entries
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ')
}

function variantCss(selector: string, colors: PresetColors) {
  const frame = declarations([
    ['color', color(colors.fontColor)],
    ['background-color', color(colors.cardBackgroundColor)],
    ['background-image', image(colors.cardBackgroundImageUrl)],
    ['background-size', image(colors.cardBackgroundImageUrl) && 'cover'],
    ['border-color', color(colors.borderColor)],
  ])
  const separator = declarations([
    ['border-top-color', color(colors.separatorColor)],
    [
      'border-image',
      image(colors.separatorImageUrl) && `${image(colors.separatorImageUrl)} 30 stretch`,
    ],
  ])
  return [
    frame && `${selector} { ${frame} }`,
    separator && `${selector} hr#answer { ${separator} }`,
  ]
    .filter(Boolean)
    .join('\n')
}

function fontCss(device: Device, font: PresetFont, family: string | null) {
  return `.${FRAME_CLASS}.mnemo-device-${device} { ${declarations([
    ['font-family', family],
    ['font-size', `${font.fontSize}px`],
    ['text-align', font.fontAlignment],
    ['line-height', String(font.lineSpacing)],
    ['letter-spacing', `${font.characterSpacing}px`],
    ['word-spacing', `${font.wordSpacing}px`],
  ])} }`
}

/** The look with the deck's own per-device choices over the preset's. */
export function effectiveFonts(look: PresetLook, deckFonts: FontSettings) {
  return Object.fromEntries(
    DEVICES.map((device) => {
      const own = deckFonts[device]
      const font: PresetFont = {
        ...look.fontSettings[device],
        ...(own ? { fontSize: own.size, fontAlignment: own.alignment } : {}),
      }
      const family =
        own?.fontFamily && (CARD_FONTS as readonly string[]).includes(own.fontFamily)
          ? (own.fontFamily as CardFont)
          : look.fontFamily
      return [device, { font, family }]
    })
  ) as Record<Device, { font: PresetFont; family: CardFont }>
}

export function appearanceCss(look: PresetLook, deckFonts: FontSettings, scopedCss: string) {
  const fonts = effectiveFonts(look, deckFonts)
  const families = [...new Set(DEVICES.map((device) => fonts[device].family))]
  const faces = families.map((family) => fontFace(family).faces).filter(Boolean)
  const frame = `.${FRAME_CLASS}`
  return [
    ...faces,
    `${frame} { box-sizing: border-box; min-height: 100%; border: ${look.borderThickness}px solid transparent; ` +
      `border-radius: ${look.cornerRadius}px; }`,
    `html { background: transparent; }`,
    `${frame} hr#answer { border-top-width: ${look.separatorThickness}px; }`,
    ...DEVICES.map((device) =>
      fontCss(
        device,
        fonts[device].font,
        fonts[device].family === look.fontFamily && look.fontFamily === 'default'
          ? null
          : fontFace(fonts[device].family).family
      )
    ),
    variantCss(frame, look.colors),
    variantCss(`${frame}.nightMode`, look.dark),
    scopedCss,
  ]
    .filter(Boolean)
    .join('\n')
}

/** The colours the page shows around the card (the spec's backgroundColor and image), per variant. */
export function surroundings(look: PresetLook) {
  const of = (colors: PresetColors) => ({
    color: color(colors.backgroundColor),
    image: image(colors.backgroundImageUrl),
  })
  return { light: of(look.colors), dark: of(look.dark) }
}

/** Whose look a session's cards take: the deck's own when it chose a preset or fonts, else its root's. */
export function appearanceDeck({ deck, root }: { deck: Deck; root: Deck }) {
  return deck.cardPresetId || Object.keys(deck.fontSettings ?? {}).length ? deck : root
}
