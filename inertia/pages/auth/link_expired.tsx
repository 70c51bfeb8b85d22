import { MessageCard } from '~/components/message_card'

export default function Page() {
  return <MessageCard title="auth.link_expired_title" body="auth.link_expired_body" href="/forgot-password" action="auth.reset_again" />
}
