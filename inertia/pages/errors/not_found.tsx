import { MessageCard } from '~/components/ui/message_card'
import { urlFor } from '~/lib/routes'

export default function NotFound() {
  return (
    <MessageCard
      title="errors.not_found_title"
      body="errors.not_found_body"
      href={urlFor('home')}
      action="errors.back_home"
    />
  )
}
