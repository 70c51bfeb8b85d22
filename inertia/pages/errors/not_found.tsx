import { MessageCard } from '~/components/message_card'

export default function NotFound() {
  return <MessageCard title="errors.not_found_title" body="errors.not_found_body" href="/" action="errors.back_home" />
}
