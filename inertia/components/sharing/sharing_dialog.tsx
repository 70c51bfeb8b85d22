import { useRef, useState } from 'react'
import { router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { useAlert } from '~/components/ui/alert_dialog'
import { DialogFrame } from '~/components/ui/dialog'
import { Avatar } from '~/components/avatar'
import '~/css/decks.css'
import '~/css/sharing.css'
import type { Data } from '~generated/data'

type Collaborator = Data.Collaborator
type DeckSharing = Data.DeckSharing

const keep = { preserveScroll: true, preserveState: true, only: ['deck', 'sharing'] }

/** The deck page's Share button: opens the dialog and loads its data (the page's optional `sharing` prop). */
export function ShareButton({ deckId, sharing }: { deckId: number; sharing?: DeckSharing }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const show = () => {
    setOpen(true)
    router.reload({ only: ['sharing'] })
  }
  return (
    <>
      <button type="button" className="button ghost" onClick={show}>
        {t('sharing.dialog.button')}
      </button>
      {open && sharing && (
        <SharingDialog
          sharing={sharing}
          subdeck={sharing.rootDeckId !== deckId}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}

/**
 * Sharing on or off with its link, and the participants, owner first: managed by the owner, read-only for the
 * others.
 */
function SharingDialog({
  sharing,
  subdeck,
  onClose,
}: {
  sharing: DeckSharing
  subdeck: boolean
  onClose: () => void
}) {
  const t = useT()
  const owner = sharing.role === 'owner'
  const toggle = (enabled: boolean) =>
    router.put(
      urlFor('decks.update', { id: sharing.rootDeckId }),
      { deck: { sharing_enabled: enabled } },
      keep
    )

  return (
    <DialogFrame
      className="dialog dialog-fit sharing-dialog"
      title={t('sharing.dialog.title')}
      onClose={onClose}
      initialFocus="input:not(:disabled), select, button"
      actions={
        <button type="button" className="button primary" onClick={onClose}>
          {t('sharing.dialog.close')}
        </button>
      }
    >
      <div className="dialog-body stack">
        <label className="sharing-toggle">
          <input
            type="checkbox"
            checked={sharing.enabled}
            disabled={!owner}
            onChange={(event) => toggle(event.target.checked)}
          />
          <span>{t('sharing.dialog.enabled')}</span>
        </label>
        <p className="muted">
          {t(sharing.enabled ? 'sharing.dialog.stop_hint' : 'sharing.dialog.enabled_hint')}
        </p>
        {subdeck && <p className="notice">{t('sharing.dialog.root_only')}</p>}
        {sharing.link && <LinkField link={sharing.link} />}
        {sharing.embed && <EmbedField snippet={sharing.embed.embedSnippet} />}
        {!owner && <p className="notice">{t('sharing.dialog.read_only')}</p>}
        <h3>{t('sharing.dialog.participants')}</h3>
        <ul className="sharing-participants stack">
          {sharing.deckCollaborators.map((person) => (
            <Participant
              key={person.id ?? `owner-${person.user.id}`}
              person={person}
              manage={owner && person.role !== 'owner'}
            />
          ))}
        </ul>
        {sharing.deckCollaborators.length <= 1 && (
          <p className="muted">{t('sharing.dialog.none')}</p>
        )}
      </div>
    </DialogFrame>
  )
}

function LinkField({ link }: { link: string }) {
  const t = useT()
  /* the link copied last: another link is not copied yet */
  const [copiedLink, setCopiedLink] = useState<string | null>(null)
  const copied = copiedLink === link
  const input = useRef<HTMLInputElement>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
    } catch {
      /* no clipboard permission (or no secure context): the selected link is copied the old way */
      input.current?.select()
      document.execCommand('copy')
    }
    setCopiedLink(link)
  }
  return (
    <div className="field">
      <span>{t('sharing.dialog.link')}</span>
      <div className="row sharing-link">
        <input
          ref={input}
          type="text"
          readOnly
          value={link}
          aria-label={t('sharing.dialog.link')}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={copy}>
          {t(copied ? 'sharing.dialog.copied' : 'sharing.dialog.copy')}
        </button>
      </div>
    </div>
  )
}

/** The snippet that puts a read-only study of the deck on another site (the embed page). */
function EmbedField({ snippet }: { snippet: string }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  const area = useRef<HTMLTextAreaElement>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet)
    } catch {
      area.current?.select()
      document.execCommand('copy')
    }
    setCopied(true)
  }
  return (
    <div className="field">
      <span>{t('sharing.dialog.embed')}</span>
      <p className="muted">{t('sharing.dialog.embed_hint')}</p>
      <div className="row sharing-link">
        <textarea
          ref={area}
          readOnly
          rows={3}
          value={snippet}
          aria-label={t('sharing.dialog.embed')}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="button"
          onClick={copy}
          aria-label={t(copied ? 'sharing.dialog.embed_copied' : 'sharing.dialog.copy_embed')}
        >
          {t(copied ? 'sharing.dialog.copied' : 'sharing.dialog.copy')}
        </button>
      </div>
    </div>
  )
}

function Participant({ person, manage }: { person: Collaborator; manage: boolean }) {
  const t = useT()
  const alert = useAlert()
  const id = person.id!
  const remove = () =>
    alert({
      title: t('sharing.dialog.remove_confirm', { name: person.user.name }),
      submitLabel: t('sharing.dialog.remove'),
      danger: true,
      onSubmit: () => router.delete(urlFor('collaborators.destroy', { id }), keep),
    })
  return (
    <li className="row">
      <Avatar user={person.user} />
      <span className="grow">{person.user.name}</span>
      {manage ? (
        <>
          <select
            aria-label={t('sharing.dialog.role_label', { name: person.user.name })}
            value={person.role}
            onChange={(event) =>
              router.put(urlFor('collaborators.update', { id }), { role: event.target.value }, keep)
            }
          >
            <option value="editor">{t('sharing.roles.editor')}</option>
            <option value="viewer">{t('sharing.roles.viewer')}</option>
          </select>
          <button type="button" className="button ghost danger" onClick={remove}>
            {t('sharing.dialog.remove')}
          </button>
        </>
      ) : (
        <span className="muted">{t(`sharing.roles.${person.role}`)}</span>
      )}
    </li>
  )
}
