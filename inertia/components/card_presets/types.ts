import type { Data } from '~generated/data'

export const FONTS = [
  'default',
  'indieFlower',
  'montserrat',
  'robotoMono',
  'IBMPlexSans',
  'openDyslexic',
  'merriWeather',
  'tinos',
  'sourceCodePro',
  'golosText',
  'kumbhSans',
  'Shantell_Sans',
] as const
export const DEVICES = ['desktop', 'tablet', 'phone'] as const
export const COLORS = [
  'fontColor',
  'cardBackgroundColor',
  'borderColor',
  'separatorColor',
  'backgroundColor',
] as const

/** What the form edits: the entity's look, its name and CSS. */
type Look =
  'fontFamily' | 'fontSettings' | 'cornerRadius' | 'borderThickness' | 'separatorThickness'
export type Draft = Pick<Data.CardPreset, 'name' | Look | 'customCss' | 'dark'> &
  Record<(typeof COLORS)[number], string | null>

export function draftOf(preset: Data.CardPreset): Draft {
  const {
    name,
    fontFamily,
    fontSettings,
    cornerRadius,
    borderThickness,
    separatorThickness,
    customCss,
    dark,
  } = preset
  return {
    name,
    fontFamily,
    fontSettings,
    cornerRadius,
    borderThickness,
    separatorThickness,
    customCss,
    dark,
    ...Object.fromEntries(COLORS.map((c) => [c, preset[c]])),
  } as Draft
}

const variant = (colors: { [K in (typeof COLORS)[number]]?: string | null }) =>
  Object.fromEntries(COLORS.map((c) => [c, colors[c] || null]))

/** The request body (snake_case, as the API takes it). */
export function bodyOf(draft: Draft) {
  return {
    card_preset: {
      name: draft.name,
      font_family: draft.fontFamily,
      font_settings: draft.fontSettings,
      corner_radius: draft.cornerRadius,
      border_thickness: draft.borderThickness,
      separator_thickness: draft.separatorThickness,
      colors: variant(draft),
      dark: variant(draft.dark),
      custom_css: draft.customCss,
    },
  }
}
