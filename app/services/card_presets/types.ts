/*
 * The spec's Card preset entity, as stored and as sent: fonts per screen
 * size, the frame's geometry, the colours of the light and the dark variant,
 * and custom CSS. Pure: no framework, no database.
 */

/** The spec's font list; `default` is the interface's own system font. */
export const CARD_FONTS = [
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
export type CardFont = (typeof CARD_FONTS)[number]

export const DEVICES = ['desktop', 'tablet', 'phone'] as const
export type Device = (typeof DEVICES)[number]
export const ALIGNMENTS = ['left', 'center', 'right'] as const
type Alignment = (typeof ALIGNMENTS)[number]

export type PresetFont = {
  fontSize: number
  fontAlignment: Alignment
  /** line height, as a multiple of the font size */
  lineSpacing: number
  /** px */
  characterSpacing: number
  /** px */
  wordSpacing: number
}

export const COLOR_FIELDS = [
  'fontColor',
  'backgroundColor',
  'backgroundImageUrl',
  'cardBackgroundColor',
  'cardBackgroundImageUrl',
  'borderColor',
  'separatorColor',
  'separatorImageUrl',
] as const
type ColorField = (typeof COLOR_FIELDS)[number]
/** A variant's colours (hex) and images (same-origin paths); a field left out follows the app's theme. */
export type PresetColors = Partial<Record<ColorField, string | null>>

export type PresetLook = {
  fontFamily: CardFont
  fontSettings: Record<Device, PresetFont>
  cornerRadius: number
  borderThickness: number
  separatorThickness: number
  colors: PresetColors
  dark: PresetColors
}

/** The spec's default: 20 px, centred. */
const DEFAULT_PRESET_FONT: PresetFont = {
  fontSize: 20,
  fontAlignment: 'center',
  lineSpacing: 1.5,
  characterSpacing: 0,
  wordSpacing: 0,
}

export function defaultLook(): PresetLook {
  return {
    fontFamily: 'default',
    fontSettings: {
      desktop: { ...DEFAULT_PRESET_FONT },
      tablet: { ...DEFAULT_PRESET_FONT },
      phone: { ...DEFAULT_PRESET_FONT },
    },
    cornerRadius: 12,
    borderThickness: 0,
    separatorThickness: 1,
    colors: {},
    dark: {},
  }
}

/** A stored font_settings value, completed with the defaults (older or partial rows). */
export function completeFonts(
  stored: Partial<Record<Device, Partial<PresetFont>>> | null | undefined
): Record<Device, PresetFont> {
  return Object.fromEntries(
    DEVICES.map((device) => [device, { ...DEFAULT_PRESET_FONT, ...(stored?.[device] ?? {}) }])
  ) as Record<Device, PresetFont>
}
