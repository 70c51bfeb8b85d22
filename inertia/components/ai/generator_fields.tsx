import { useT } from '~/lib/i18n'
import type { Limits, Source } from '~/components/ai/stream'
import type { Data } from '~generated/data'

export type SourceText = { prompt: string; words: string; from: string; to: string }
export type Settings = {
  format: keyof typeof FORMATS
  detail: keyof typeof LEVELS
  customPrompt: string
  amount: number
  /** 'new', or an existing deck's id */
  target: string
  deckName: string
}

/* literal keys, so the catalogue test sees every one */
const FORMATS = {
  basic: 'ai.settings.format_basic',
  reversed: 'ai.settings.format_reversed',
  cloze: 'ai.settings.format_cloze',
  mixed: 'ai.settings.format_mixed',
} as const
const LEVELS = {
  brief: 'ai.settings.detail_brief',
  standard: 'ai.settings.detail_standard',
  detailed: 'ai.settings.detail_detailed',
} as const

/** A topic or prompt, or a word list with its languages. */
export function SourceFields({
  source,
  text,
  onChange,
  offlineTopic,
}: {
  source: Source
  text: SourceText
  onChange: (text: SourceText) => void
  offlineTopic: boolean
}) {
  const t = useT()
  const set = (patch: Partial<SourceText>) => onChange({ ...text, ...patch })
  if (source === 'prompt') {
    return (
      <label className="field">
        <span>{t('ai.prompt.label')}</span>
        <textarea
          rows={3}
          value={text.prompt}
          maxLength={10000}
          placeholder={t('ai.prompt.placeholder')}
          onChange={(event) => set({ prompt: event.target.value })}
        />
        {offlineTopic && <small className="field-error">{t('ai.prompt.needs_provider')}</small>}
      </label>
    )
  }
  return (
    <>
      <label className="field">
        <span>{t('ai.words.label')}</span>
        <textarea
          rows={6}
          value={text.words}
          maxLength={10000}
          placeholder={t('ai.words.placeholder')}
          onChange={(event) => set({ words: event.target.value })}
        />
        <small className="muted">{t('ai.words.hint')}</small>
      </label>
      <div className="row">
        <label className="field">
          <span>{t('ai.words.from')}</span>
          <input
            value={text.from}
            maxLength={10}
            placeholder="de"
            onChange={(event) => set({ from: event.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('ai.words.to')}</span>
          <input
            value={text.to}
            maxLength={10}
            placeholder="en"
            onChange={(event) => set({ to: event.target.value })}
          />
        </label>
      </div>
    </>
  )
}

type SettingsProps = {
  source: Source
  limits: Limits
  decks: Data.AiTargetDeck[]
  settings: Settings
  onChange: (settings: Settings) => void
}

/** Card format, detail, how many, into which deck, custom instructions. */
export function SettingsFields({ source, limits, decks, settings, onChange }: SettingsProps) {
  const t = useT()
  const set = (patch: Partial<Settings>) => onChange({ ...settings, ...patch })
  return (
    <>
      <h2>{t('ai.settings.title')}</h2>
      <div className="row ai-settings">
        <label className="field">
          <span>{t('ai.settings.format')}</span>
          <select
            value={settings.format}
            onChange={(event) => set({ format: event.target.value as Settings['format'] })}
          >
            {(Object.keys(FORMATS) as Settings['format'][]).map((name) => (
              <option key={name} value={name}>
                {t(FORMATS[name])}
              </option>
            ))}
          </select>
        </label>
        {source !== 'words' && (
          <label className="field">
            <span>{t('ai.settings.detail')}</span>
            <select
              value={settings.detail}
              onChange={(event) => set({ detail: event.target.value as Settings['detail'] })}
            >
              {(Object.keys(LEVELS) as Settings['detail'][]).map((name) => (
                <option key={name} value={name}>
                  {t(LEVELS[name])}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span>{t('ai.settings.amount', { max: limits.maxCards })}</span>
          <input
            type="number"
            min={1}
            max={limits.maxCards}
            value={settings.amount}
            onChange={(event) =>
              set({
                amount: Math.max(1, Math.min(limits.maxCards, Number(event.target.value) || 1)),
              })
            }
          />
        </label>
        <label className="field">
          <span>{t('ai.settings.deck')}</span>
          <select value={settings.target} onChange={(event) => set({ target: event.target.value })}>
            <option value="new">{t('ai.settings.new_deck')}</option>
            {decks.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        {settings.target === 'new' && (
          <label className="field">
            <span>{t('ai.settings.deck_name')}</span>
            <input
              value={settings.deckName}
              maxLength={255}
              placeholder={t('ai.settings.deck_name_placeholder')}
              onChange={(event) => set({ deckName: event.target.value })}
            />
          </label>
        )}
      </div>
      {source !== 'words' && (
        <label className="field">
          <span>{t('ai.settings.custom_prompt')}</span>
          <textarea
            rows={2}
            value={settings.customPrompt}
            maxLength={2000}
            placeholder={t('ai.settings.custom_prompt_placeholder')}
            onChange={(event) => set({ customPrompt: event.target.value })}
          />
        </label>
      )}
    </>
  )
}
