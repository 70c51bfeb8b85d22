import { MessageCard } from '~/components/ui/message_card'
import { urlFor } from '~/lib/routes'

export default function ServerError() {
  return (
    <MessageCard
      title="errors.server_title"
      body="errors.server_body"
      href={urlFor('home')}
      action="errors.back_home"
    />
  )
}
