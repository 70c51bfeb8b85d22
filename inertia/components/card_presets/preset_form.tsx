import { useT } from '~/lib/i18n'
import { COLORS, DEVICES, FONTS, type Draft } from './types'
import { useThemeColors, type ThemeColors } from './theme_colors'

type Props = { draft: Draft; onChange: (draft: Draft) => void }
type Font = Draft['fontSettings']['desktop']

/** Every setting of a preset: fonts per screen size, the frame, the colours of both variants, custom CSS. */
export function PresetForm({ draft, onChange }: Props) {
  const t = useT()
  const set = (changes: Partial<Draft>) => onChange({ ...draft, ...changes })
  const setFont = (device: (typeof DEVICES)[number], changes: Partial<Font>) =>
    set({
      fontSettings: {
        ...draft.fontSettings,
        [device]: { ...draft.fontSettings[device], ...changes },
      },
    })
  const number = (value: string) => (value === '' ? 0 : Number(value))
  const theme = useThemeColors()
  return (
    <div className="card-style-form stack">
      <label className="field">
        <span>{t('card_style.name')}</span>
        <input value={draft.name} maxLength={60} onChange={(e) => set({ name: e.target.value })} />
      </label>
      <label className="field">
        <span>{t('card_style.font')}</span>
        <select
          value={draft.fontFamily}
          onChange={(e) => set({ fontFamily: e.target.value as Draft['fontFamily'] })}
        >
          {FONTS.map((font) => (
            <option key={font} value={font}>
              {t(`card_style.fonts.${font}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="card-style-devices">
        <legend>{t('card_style.sizes')}</legend>
        {DEVICES.map((device) => (
          <div key={device} className="card-style-device">
            <strong>{t(`card_style.devices.${device}`)}</strong>
            <label className="field">
              <span>{t('card_style.font_size')}</span>
              <input
                type="number"
                min={8}
                max={72}
                value={draft.fontSettings[device].fontSize}
                onChange={(e) => setFont(device, { fontSize: number(e.target.value) })}
                aria-label={t('card_style.font_size_on', {
                  device: t(`card_style.devices.${device}`),
                })}
              />
            </label>
            <label className="field">
              <span>{t('card_style.alignment')}</span>
              <select
                value={draft.fontSettings[device].fontAlignment}
                onChange={(e) =>
                  setFont(device, { fontAlignment: e.target.value as Font['fontAlignment'] })
                }
                aria-label={t('card_style.alignment_on', {
                  device: t(`card_style.devices.${device}`),
                })}
              >
                {(['left', 'center', 'right'] as const).map((a) => (
                  <option key={a} value={a}>
                    {t(`card_style.align.${a}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('card_style.line_spacing')}</span>
              <input
                type="number"
                min={0.8}
                max={4}
                step={0.1}
                value={draft.fontSettings[device].lineSpacing}
                onChange={(e) => setFont(device, { lineSpacing: number(e.target.value) })}
              />
            </label>
            <label className="field">
              <span>{t('card_style.character_spacing')}</span>
              <input
                type="number"
                min={-5}
                max={20}
                step={0.5}
                value={draft.fontSettings[device].characterSpacing}
                onChange={(e) => setFont(device, { characterSpacing: number(e.target.value) })}
              />
            </label>
            <label className="field">
              <span>{t('card_style.word_spacing')}</span>
              <input
                type="number"
                min={-10}
                max={40}
                value={draft.fontSettings[device].wordSpacing}
                onChange={(e) => setFont(device, { wordSpacing: number(e.target.value) })}
              />
            </label>
          </div>
        ))}
      </fieldset>
      <div className="card-style-row">
        {(['cornerRadius', 'borderThickness', 'separatorThickness'] as const).map((field) => (
          <label key={field} className="field">
            <span>{t(`card_style.${field}`)}</span>
            <input
              type="number"
              min={0}
              max={field === 'cornerRadius' ? 64 : 16}
              value={draft[field]}
              onChange={(e) => set({ [field]: number(e.target.value) })}
            />
          </label>
        ))}
      </div>
      <ColorFields
        legend={t('card_style.light')}
        colors={draft}
        theme={theme?.light}
        onChange={(colors) => set(colors)}
      />
      <ColorFields
        legend={t('card_style.dark')}
        colors={draft.dark}
        theme={theme?.dark}
        onChange={(colors) => set({ dark: { ...draft.dark, ...colors } })}
      />
      <label className="field">
        <span>{t('card_style.custom_css')}</span>
        <textarea
          rows={5}
          spellCheck={false}
          value={draft.customCss}
          onChange={(e) => set({ customCss: e.target.value })}
          placeholder=".card b { color: #c2571a; }"
        />
        <small className="muted">{t('card_style.custom_css_hint')}</small>
      </label>
    </div>
  )
}

type ColorFieldsProps = {
  legend: string
  colors: { [K in (typeof COLORS)[number]]?: string | null }
  /** what an empty field stands for: the theme's colour */
  theme?: ThemeColors['light']
  onChange: (colors: Record<string, string | null>) => void
}

/** A variant's colours: the preset's own, or the theme's where it sets none (with a word saying so). */
function ColorFields({ legend, colors, theme, onChange }: ColorFieldsProps) {
  const t = useT()
  return (
    <fieldset className="card-style-row">
      <legend>{legend}</legend>
      {COLORS.map((field) => (
        <label key={field} className="field card-style-color">
          <span>{t(`card_style.colors.${field}`)}</span>
          <span className="card-style-color-inputs">
            <input
              type="color"
              value={colors[field] || theme?.[field] || '#000000'}
              onChange={(e) => onChange({ [field]: e.target.value })}
              aria-label={`${legend}: ${t(`card_style.colors.${field}`)}`}
            />
            {colors[field] ? (
              <button
                type="button"
                className="button ghost small"
                onClick={() => onChange({ [field]: null })}
              >
                {t('card_style.reset_color')}
              </button>
            ) : (
              <small className="muted">{t('card_style.theme_color')}</small>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
