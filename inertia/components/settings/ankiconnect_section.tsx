import { Form } from '@adonisjs/inertia/react'
import type { Data } from '~generated/data'
import { useT } from '~/lib/i18n'

export type AnkiconnectKey = Data.AnkiconnectKey

/**
 * The learner's AnkiConnect key and the address to paste with it into
 * Yomitan, Obsidian_to_Anki and other AnkiConnect clients
 * (docs/ankiconnect.md), and the button that makes a new one.
 */
export function AnkiconnectSection({ ankiconnect }: { ankiconnect: AnkiconnectKey }) {
  const t = useT()
  const select = (event: React.FocusEvent<HTMLInputElement>) => event.currentTarget.select()
  return (
    <section className="section stack" aria-labelledby="ankiconnect">
      <h2 id="ankiconnect">{t('settings.ankiconnect.title')}</h2>
      <p className="muted">{t('settings.ankiconnect.description')}</p>
      <label className="field">
        <span>{t('settings.ankiconnect.url')}</span>
        <input type="text" readOnly value={ankiconnect.url} onFocus={select} data-ankiconnect-url />
      </label>
      {ankiconnect.key ? (
        <label className="field">
          <span>{t('settings.ankiconnect.key')}</span>
          <input
            type="text"
            readOnly
            value={ankiconnect.key}
            onFocus={select}
            spellCheck={false}
            autoComplete="off"
            data-ankiconnect-key
          />
        </label>
      ) : (
        <p>{t('settings.ankiconnect.none')}</p>
      )}
      <Form route="settings.ankiconnect_key" options={{ preserveScroll: true }} className="row">
        {({ processing }) => (
          <>
            <button
              type="submit"
              className="button"
              disabled={processing}
              aria-describedby={ankiconnect.key ? 'ankiconnect-renew-hint' : undefined}
            >
              {ankiconnect.key ? t('settings.ankiconnect.renew') : t('settings.ankiconnect.make')}
            </button>
            {ankiconnect.key && (
              <small id="ankiconnect-renew-hint" className="muted">
                {t('settings.ankiconnect.renew_hint')}
              </small>
            )}
          </>
        )}
      </Form>
    </section>
  )
}
