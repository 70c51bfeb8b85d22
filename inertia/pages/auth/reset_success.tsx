import { MessageCard } from '~/components/message_card'

export default function Page() {
  return <MessageCard title="auth.reset_success_title" body="auth.reset_success_body" href="/sign-in" action="auth.back_to_sign_in" />
}
