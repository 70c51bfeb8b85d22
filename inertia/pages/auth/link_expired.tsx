import { MessageCard } from '~/components/ui/message_card'
import { urlFor } from '~/lib/routes'

export default function Page() {
  return (
    <MessageCard
      title="auth.link_expired_title"
      body="auth.link_expired_body"
      href={urlFor('password.request')}
      action="auth.reset_again"
    />
  )
}
