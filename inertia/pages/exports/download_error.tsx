import { MessageCard } from '~/components/ui/message_card'
import { urlFor } from '~/lib/routes'

/* literal keys, so the catalogue test sees every one */
const MESSAGES = {
  invalid: { title: 'exports.download.invalid_title', body: 'exports.download.invalid_body' },
  expired: { title: 'exports.download.expired_title', body: 'exports.download.expired_body' },
  gone: { title: 'exports.download.gone_title', body: 'exports.download.gone_body' },
} as const

/** An e-mailed export link that cannot serve its file (403 forged, 410 expired or gone). */
export default function DownloadError({ reason }: { reason: keyof typeof MESSAGES }) {
  const message = MESSAGES[reason] ?? MESSAGES.invalid
  return (
    <MessageCard
      title={message.title}
      body={message.body}
      href={urlFor('home')}
      action="exports.download.home"
    />
  )
}
