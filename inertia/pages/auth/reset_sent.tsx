import { MessageCard } from '~/components/ui/message_card'
import { urlFor } from '~/lib/routes'

export default function Page() {
  return (
    <MessageCard
      title="auth.reset_sent_title"
      body="auth.reset_sent_body"
      href={urlFor('auth.sign_in')}
      action="auth.back_to_sign_in"
    />
  )
}
