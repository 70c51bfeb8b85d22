import { MessageCard } from '~/components/message_card'

export default function Page() {
  return <MessageCard title="auth.reset_sent_title" body="auth.reset_sent_body" href="/sign-in" action="auth.back_to_sign_in" />
}
