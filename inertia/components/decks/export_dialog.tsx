import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { Dialog } from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
import { Picker } from '~/components/decks/deck_picker'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

type Format = 'ofc' | 'apkg' | 'csv'

/** GET /exports/addresses: the addresses confirmed; null when the server refuses. */
async function confirmedAddresses() {
  const response = await fetch(urlFor('exports.addresses'), {
    headers: { accept: 'application/json' },
  })
  return response.ok ? ((await response.json()) as Data.ExportAddresses).confirmed : null
}

/** Where this learner's exports go without a confirmation first (null until known). */
function useConfirmedAddresses() {
  const [confirmed, setConfirmed] = useState<string[] | null>(null)
  useEffect(() => {
    let live = true
    confirmedAddresses()
      .then((addresses) => live && setConfirmed(addresses))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [])
  return confirmed
}

/**
 * Export a deck: the file is written in the background and the exports page
 * lists it with its state and a download button, at once, with nothing to
 * confirm. The open formats come first (an Anki package by default). The
 * learner may have the link e-mailed too, to the account's address or
 * another; an address not confirmed yet gets a confirmation link first, and
 * the dialog says so before the learner sends.
 */
export function ExportDialog({
  deck,
  onClose,
}: {
  deck: { id: number; name: string }
  onClose: () => void
}) {
  const t = useT()
  const { user } = useShared()
  const [format, setFormat] = useState<Format>('apkg')
  const [includeProgress, setIncludeProgress] = useState(false)
  const [mailLink, setMailLink] = useState(false)
  const [email, setEmail] = useState(user?.email ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)
  const confirmed = useConfirmedAddresses()
  const address = email.trim().toLowerCase()

  /* the open formats first: they open elsewhere too */
  const formats = [
    { value: 'apkg', label: t('exports.format.apkg'), hint: t('exports.format.apkg_hint') },
    { value: 'csv', label: t('exports.format.csv'), hint: t('exports.format.csv_hint') },
    { value: 'ofc', label: t('exports.format.ofc'), hint: t('exports.format.ofc_hint') },
  ]

  const submit = () =>
    router.post(
      urlFor('decks.exports.store', { id: deck.id }),
      {
        format,
        include_progress: format !== 'csv' && includeProgress,
        mail_link: mailLink,
        email: mailLink ? email.trim() || undefined : undefined,
      },
      {
        preserveScroll: true,
        preserveState: true,
        onStart: () => setSending(true),
        onFinish: () => setSending(false),
        onError: (found) => setErrors(found as Record<string, string>),
        onSuccess: onClose,
      }
    )

  return (
    <Dialog
      title={t('exports.dialog.title', { name: deck.name })}
      submitLabel={t('exports.dialog.submit')}
      disabled={sending}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="muted">
        {t('exports.dialog.body')}{' '}
        <Link route="exports.index">{t('exports.dialog.see_exports')}</Link>
      </p>
      <Picker
        name="export-format"
        legend={t('exports.format.legend')}
        choices={formats}
        value={format}
        onChange={(value) => setFormat(value as Format)}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          name="include_progress"
          checked={format !== 'csv' && includeProgress}
          disabled={format === 'csv'}
          onChange={(event) => setIncludeProgress(event.target.checked)}
        />
        <span>{t('exports.dialog.include_progress')}</span>
      </label>
      {format === 'csv' && <small className="muted">{t('exports.dialog.csv_no_progress')}</small>}
      <label className="checkbox">
        <input
          type="checkbox"
          name="mail_link"
          checked={mailLink}
          onChange={(event) => setMailLink(event.target.checked)}
        />
        <span>{t('exports.dialog.mail_link')}</span>
      </label>
      {mailLink && (
        <Field
          label={t('exports.dialog.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
      )}
      {mailLink && confirmed && address.includes('@') && (
        <small
          className={confirmed.includes(address) ? 'muted' : 'export-awaiting'}
          data-address-state={confirmed.includes(address) ? 'confirmed' : 'unconfirmed'}
        >
          {confirmed.includes(address)
            ? t('exports.dialog.address_confirmed')
            : t('exports.dialog.address_unconfirmed', { email: address })}
        </small>
      )}
    </Dialog>
  )
}
