import { completeFonts, type PresetLook } from '#services/card_presets/types'

/*
 * The built-in card presets every learner can pick (rows with user_id NULL,
 * inserted by migration 0027 and kept by key). Colours were chosen for
 * contrast (text on card at least 7:1 in both variants).
 */
const BUILTIN_PRESETS: ({ key: string; name: string } & PresetLook)[] = [
  {
    key: 'classic',
    name: 'Classic',
    fontFamily: 'default',
    fontSettings: completeFonts({}),
    cornerRadius: 12,
    borderThickness: 0,
    separatorThickness: 1,
    colors: {},
    dark: {},
  },
  {
    key: 'notebook',
    name: 'Notebook',
    fontFamily: 'indieFlower',
    fontSettings: completeFonts({
      desktop: { fontSize: 26 },
      tablet: { fontSize: 24 },
      phone: { fontSize: 22 },
    }),
    cornerRadius: 4,
    borderThickness: 1,
    separatorThickness: 2,
    colors: {
      fontColor: '#1f2a44',
      cardBackgroundColor: '#fdfbf3',
      borderColor: '#c9d3e6',
      separatorColor: '#e07a7a',
      backgroundColor: '#eef1f6',
    },
    dark: {
      fontColor: '#f4efe1',
      cardBackgroundColor: '#23262e',
      borderColor: '#3d4352',
      separatorColor: '#d46a6a',
      backgroundColor: '#15171c',
    },
  },
  {
    key: 'book',
    name: 'Book',
    fontFamily: 'merriWeather',
    fontSettings: completeFonts({
      desktop: { fontSize: 20, fontAlignment: 'left', lineSpacing: 1.7 },
      tablet: { fontSize: 19, fontAlignment: 'left', lineSpacing: 1.7 },
      phone: { fontSize: 18, fontAlignment: 'left', lineSpacing: 1.6 },
    }),
    cornerRadius: 2,
    borderThickness: 1,
    separatorThickness: 1,
    colors: {
      fontColor: '#2b2118',
      cardBackgroundColor: '#fbf6ec',
      borderColor: '#d8ccb4',
      separatorColor: '#b89f73',
    },
    dark: {
      fontColor: '#efe6d6',
      cardBackgroundColor: '#231d16',
      borderColor: '#4a3e2e',
      separatorColor: '#8c7655',
    },
  },
  {
    key: 'code',
    name: 'Code',
    fontFamily: 'sourceCodePro',
    fontSettings: completeFonts({
      desktop: { fontSize: 18, fontAlignment: 'left' },
      tablet: { fontSize: 17, fontAlignment: 'left' },
      phone: { fontSize: 16, fontAlignment: 'left' },
    }),
    cornerRadius: 8,
    borderThickness: 1,
    separatorThickness: 1,
    colors: {
      fontColor: '#0f172a',
      cardBackgroundColor: '#f8fafc',
      borderColor: '#cbd5e1',
      separatorColor: '#94a3b8',
    },
    dark: {
      fontColor: '#e2e8f0',
      cardBackgroundColor: '#0f172a',
      borderColor: '#334155',
      separatorColor: '#475569',
    },
  },
  {
    key: 'readable',
    name: 'Easy reading',
    fontFamily: 'openDyslexic',
    fontSettings: completeFonts({
      desktop: { fontSize: 22, lineSpacing: 1.8, characterSpacing: 1, wordSpacing: 4 },
      tablet: { fontSize: 21, lineSpacing: 1.8, characterSpacing: 1, wordSpacing: 4 },
      phone: { fontSize: 20, lineSpacing: 1.8, characterSpacing: 1, wordSpacing: 3 },
    }),
    cornerRadius: 16,
    borderThickness: 0,
    separatorThickness: 2,
    colors: { fontColor: '#1b1b1b', cardBackgroundColor: '#fff8e1', separatorColor: '#f0b429' },
    dark: { fontColor: '#fff3cd', cardBackgroundColor: '#262217', separatorColor: '#b7862a' },
  },
]

type Client = { rawQuery(sql: string, bindings?: any[]): PromiseLike<unknown> }

/**
 * Inserts the built-in presets that are missing, by key (idempotent): migration 0027, and the tests after
 * emptying the tables.
 */
export async function insertBuiltinCardPresets(client: Client) {
  for (const [position, preset] of BUILTIN_PRESETS.entries()) {
    await client.rawQuery(
      `INSERT INTO card_presets (key, name, font_family, font_settings, corner_radius, border_thickness,
        separator_thickness, colors, dark_colors, position)
       SELECT ?, ?, ?, ?::jsonb, ?, ?, ?, ?::jsonb, ?::jsonb, ? WHERE NOT EXISTS (SELECT 1 FROM card_presets
         WHERE key = ?)`,
      [
        preset.key,
        preset.name,
        preset.fontFamily,
        JSON.stringify(preset.fontSettings),
        preset.cornerRadius,
        preset.borderThickness,
        preset.separatorThickness,
        JSON.stringify(preset.colors),
        JSON.stringify(preset.dark),
        position,
        preset.key,
      ]
    )
  }
}
