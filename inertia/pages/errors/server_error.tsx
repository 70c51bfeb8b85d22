import { MessageCard } from '~/components/message_card'

export default function ServerError() {
  return <MessageCard title="errors.server_title" body="errors.server_body" href="/" action="errors.back_home" />
}
