import type { FormEvent } from 'react'
import { router, useForm } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useDeckDialogs } from '~/components/decks/deck_dialogs'
import { urlFor } from '~/lib/routes'
import { useShared } from '~/lib/shared'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type Deck = Data.Deck.Variants['forPage']
type InheritedLimits = Data.DeckLimits

const DEVICES = ['desktop', 'tablet', 'phone'] as const
const ALIGNMENTS = ['left', 'center', 'right'] as const
type Alignment = (typeof ALIGNMENTS)[number]
type Device = (typeof DEVICES)[number]

type Fonts = Record<Device, { size: number; alignment: Alignment }>
const fontsOf = (deck: Deck) =>
  Object.fromEntries(
    DEVICES.map((device) => [
      device,
      {
        size: deck.fontSettings[device].size,
        alignment: deck.fontSettings[device].alignment as Alignment,
      },
    ])
  ) as Fonts
const changedFonts = (fonts: Fonts, initial: Fonts) => {
  const changed = DEVICES.filter(
    (device) => JSON.stringify(fonts[device]) !== JSON.stringify(initial[device])
  )
  return changed.length
    ? Object.fromEntries(changed.map((device) => [device, fonts[device]]))
    : undefined
}

/** An empty limit field sets no limit of the deck's own (null): the main deck's or the preset's applies. */
const limit = (value: string) => (value.trim() === '' ? null : Number(value))

/** The settings form: name, daily limits, shuffle, the font by device; saved as the deck's update. */
function useSettingsForm(deck: Deck, shared: boolean) {
  /* useForm, not <Form>: the fields steer each other live, and only changed font sizes are sent */
  const form = useForm({
    name: deck.name,
    newCardsPerDay: deck.configuration.newCards.newCardsPerDay?.toString() ?? '',
    maxCardsPerDay: deck.configuration.maxCards.maxCardsPerDay?.toString() ?? '',
    shuffle: deck.shuffleCardsEnabled,
    ttsEnabled: deck.ttsEnabled,
    ttsAutoplay: deck.ttsAutoplayEnabled,
    ttsFront: deck.ttsFrontSideLanguage ?? '',
    ttsBack: deck.ttsBackSideLanguage ?? '',
    fonts: fontsOf(deck),
  })
  const save = (event: FormEvent) => {
    event.preventDefault()
    /* a participant's limits are their own; the rest of the deck is its owner's */
    const limits = (data: typeof form.data) => ({
      new_cards_per_day: limit(data.newCardsPerDay),
      max_cards_per_day: limit(data.maxCardsPerDay),
    })
    form.transform((data) => ({
      deck: shared
        ? limits(data)
        : {
            name: data.name.trim(),
            new_cards_per_day: limit(data.newCardsPerDay),
            max_cards_per_day: limit(data.maxCardsPerDay),
            shuffle_cards_enabled: data.shuffle,
            /*
             * only the sizes changed here: the others stay the deck's preset's
             * (app/services/card_presets/appearance.ts)
             */
            font_settings: changedFonts(data.fonts, fontsOf(deck)),
            tts_enabled: data.ttsEnabled,
            tts_autoplay_enabled: data.ttsAutoplay,
            tts_front_side_language: data.ttsFront.trim() || null,
            tts_back_side_language: data.ttsBack.trim() || null,
          },
    }))
    form.put(urlFor('decks.update', { id: deck.id }), { preserveScroll: true })
  }
  const setFont = (device: Device, change: Partial<{ size: number; alignment: Alignment }>) =>
    form.setData('fonts', {
      ...form.data.fonts,
      [device]: { ...form.data.fonts[device], ...change },
    })
  return {
    form,
    errors: form.errors as Record<string, string | undefined>,
    save,
    setFont,
    initialTts: deck.ttsEnabled,
  }
}

type SettingsForm = ReturnType<typeof useSettingsForm>

/** The font size and alignment on each kind of device. */
function FontTable({
  settings,
  disabled,
  deckId,
}: {
  settings: SettingsForm
  disabled: boolean
  deckId: number
}) {
  const t = useT()
  const { form, setFont } = settings
  const deviceLabels = {
    desktop: t('decks.settings.desktop'),
    tablet: t('decks.settings.tablet'),
    phone: t('decks.settings.phone'),
  }
  const alignmentLabels = {
    left: t('decks.settings.align_left'),
    center: t('decks.settings.align_center'),
    right: t('decks.settings.align_right'),
  }
  return (
    <fieldset className="fonts" disabled={disabled}>
      <legend>{t('decks.settings.font')}</legend>
      <p>
        <a href={urlFor('decks.card_style', { id: deckId })}>{t('card_style.open')}</a>
      </p>
      <table className="font-table">
        <thead>
          <tr>
            <th scope="col">{t('decks.settings.device')}</th>
            <th scope="col">{t('decks.settings.font_size')}</th>
            <th scope="col">{t('decks.settings.alignment')}</th>
          </tr>
        </thead>
        <tbody>
          {DEVICES.map((device) => (
            <tr key={device}>
              <th scope="row">{deviceLabels[device]}</th>
              <td>
                <input
                  type="number"
                  name={`font_size_${device}`}
                  aria-label={`${deviceLabels[device]}: ${t('decks.settings.font_size')}`}
                  min={8}
                  max={72}
                  value={form.data.fonts[device].size}
                  onChange={(event) => setFont(device, { size: Number(event.target.value) })}
                />
              </td>
              <td>
                <select
                  name={`font_alignment_${device}`}
                  aria-label={`${deviceLabels[device]}: ${t('decks.settings.alignment')}`}
                  value={form.data.fonts[device].alignment}
                  onChange={(event) =>
                    setFont(device, { alignment: event.target.value as Alignment })
                  }
                >
                  {ALIGNMENTS.map((alignment) => (
                    <option key={alignment} value={alignment}>
                      {alignmentLabels[alignment]}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  )
}

type Limit = InheritedLimits['newCardsPerDay']

/**
 * New and total cards a day; an empty field takes the main deck's or the preset's limit, which it shows (or
 * that there is none).
 */
function DailyLimits({
  settings,
  defaults,
}: {
  settings: SettingsForm
  defaults: InheritedLimits | null
}) {
  const t = useT()
  const { form, errors } = settings
  const hint = (inherited: Limit | undefined) => {
    if (!defaults || !inherited || inherited.value === null) return null
    if (inherited.from === 'main_deck')
      return t('decks.settings.limit_of_main_deck', { count: inherited.value })
    return t('decks.settings.limit_of_preset', {
      count: inherited.value,
      preset: t(`algorithm.presets.${defaults.preset}.name`),
    })
  }
  const field = (
    label: string,
    name: 'new_cards_per_day' | 'max_cards_per_day',
    key: 'newCardsPerDay' | 'maxCardsPerDay',
    max: number,
    inherited: Limit | undefined
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        name={name}
        type="number"
        min={0}
        max={max}
        inputMode="numeric"
        aria-describedby={hint(inherited) ? `${name}-default` : undefined}
        placeholder={
          inherited && inherited.value !== null
            ? String(inherited.value)
            : t('decks.settings.no_limit')
        }
        value={form.data[key]}
        onChange={(event) => form.setData(key, event.target.value)}
      />
      {hint(inherited) && (
        <small className="muted" id={`${name}-default`}>
          {hint(inherited)}
        </small>
      )}
      {errors[`deck.${name}`] && <small className="field-error">{errors[`deck.${name}`]}</small>}
    </label>
  )
  return (
    <div className="settings-grid">
      {field(
        t('decks.settings.new_cards_per_day'),
        'new_cards_per_day',
        'newCardsPerDay',
        9999,
        defaults?.newCardsPerDay
      )}
      {field(
        t('decks.settings.max_cards_per_day'),
        'max_cards_per_day',
        'maxCardsPerDay',
        99999,
        defaults?.maxCardsPerDay
      )}
    </div>
  )
}

/** Text-to-speech: on or off, autoplay, and the language of each side (docs/media-helpers.md). */
function SpeechSettings({ settings, disabled }: { settings: SettingsForm; disabled: boolean }) {
  const t = useT()
  const { form, errors } = settings
  /* turning it on is premium (spec 000 §1); a deck that has it keeps it, and it can always be turned off */
  const locked = !useShared().user?.isPremium && !settings.initialTts
  return (
    <fieldset className="stack tts-settings" disabled={disabled}>
      <legend>{t('media.tts.settings')}</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          name="tts_enabled"
          checked={form.data.ttsEnabled}
          disabled={locked}
          aria-describedby={locked ? 'tts-premium' : undefined}
          onChange={(event) => form.setData('ttsEnabled', event.target.checked)}
        />
        <span>{t('media.tts.enabled')}</span>
      </label>
      {locked && (
        <small id="tts-premium" className="muted">
          {t('media.tts.premium')} <a href={urlFor('paywall.show')}>{t('media.tts.see_premium')}</a>
        </small>
      )}
      {errors['deck.tts_enabled'] && (
        <small className="field-error">{errors['deck.tts_enabled']}</small>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          name="tts_autoplay_enabled"
          checked={form.data.ttsAutoplay}
          disabled={!form.data.ttsEnabled}
          onChange={(event) => form.setData('ttsAutoplay', event.target.checked)}
        />
        <span>{t('media.tts.autoplay')}</span>
      </label>
      <div className="settings-grid">
        <label className="field">
          <span>{t('media.tts.front_language')}</span>
          <input
            name="tts_front_side_language"
            maxLength={16}
            placeholder="en"
            title={t('media.tts.language_hint')}
            value={form.data.ttsFront}
            onChange={(event) => form.setData('ttsFront', event.target.value)}
          />
          {errors['deck.tts_front_side_language'] && (
            <small className="field-error">{errors['deck.tts_front_side_language']}</small>
          )}
        </label>
        <label className="field">
          <span>{t('media.tts.back_language')}</span>
          <input
            name="tts_back_side_language"
            maxLength={16}
            placeholder="en"
            title={t('media.tts.language_hint')}
            value={form.data.ttsBack}
            onChange={(event) => form.setData('ttsBack', event.target.value)}
          />
          {errors['deck.tts_back_side_language'] && (
            <small className="field-error">{errors['deck.tts_back_side_language']}</small>
          )}
        </label>
      </div>
    </fieldset>
  )
}

/** Archive or restore (main decks only), reset the progress, delete. */
function ManageDeck({ deck, editable }: { deck: Deck; editable: boolean }) {
  const t = useT()
  const dialogs = useDeckDialogs()
  const archived = deck.state === 'archived'
  const keep = { preserveScroll: true }
  return (
    <section className="card stack" aria-labelledby="deck-manage">
      <h2 id="deck-manage">{t('decks.settings.manage')}</h2>
      <div className="row">
        {deck.isRootDeck &&
          (archived ? (
            <button
              type="button"
              className="button"
              onClick={() => router.delete(urlFor('decks.restore', { id: deck.id }), keep)}
            >
              {t('decks.actions.restore')}
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={!editable}
              onClick={() => router.post(urlFor('decks.archive', { id: deck.id }), {}, keep)}
            >
              {t('decks.menu.archive')}
            </button>
          ))}
        <button
          type="button"
          className="button"
          disabled={!editable}
          onClick={() => dialogs.resetProgress(deck, keep)}
        >
          {t('decks.menu.reset_progress')}
        </button>
        <button type="button" className="button danger" onClick={() => dialogs.remove(deck)}>
          {t('decks.menu.delete')}
        </button>
      </div>
      {!deck.isRootDeck && <p className="muted">{t('decks.settings.subdeck_archive')}</p>}
    </section>
  )
}

export function DeckSettings({
  deck,
  editable,
  limitDefaults,
}: {
  deck: Deck
  editable: boolean
  limitDefaults: InheritedLimits | null
}) {
  const t = useT()
  const { user } = useShared()
  const shared = deck.owner.id !== user?.id
  const settings = useSettingsForm(deck, shared)
  const { form, errors } = settings
  return (
    <div className="stack">
      <form className="card deck-settings" onSubmit={settings.save}>
        <fieldset disabled={!editable} className="stack">
          <label className="field">
            <span>{t('decks.deck.name')}</span>
            <input
              name="name"
              value={form.data.name}
              maxLength={255}
              required
              disabled={shared}
              onChange={(event) => form.setData('name', event.target.value)}
            />
            {errors['deck.name'] && <small className="field-error">{errors['deck.name']}</small>}
          </label>
          <DailyLimits settings={settings} defaults={limitDefaults} />
          <label className="checkbox">
            <input
              type="checkbox"
              name="shuffle"
              checked={form.data.shuffle}
              disabled={shared}
              onChange={(event) => form.setData('shuffle', event.target.checked)}
            />
            <span>{t('decks.settings.shuffle')}</span>
          </label>
          <FontTable settings={settings} disabled={shared} deckId={deck.id} />
          <SpeechSettings settings={settings} disabled={shared} />
          <button
            type="submit"
            className="button primary"
            disabled={form.processing || !form.data.name.trim()}
          >
            {t('decks.actions.save')}
          </button>
        </fieldset>
      </form>
      <ManageDeck deck={deck} editable={editable} />
    </div>
  )
}
