import User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { publishedDecks } from '#queries/library/library_decks'

/**
 * A user's public profile: who they are and what they published. Any account
 * has one (an empty list when nothing is published); an unknown id or
 * username is a 404. Guests have none.
 */
export async function findPublicProfile(idOrUsername: string | number) {
  const key = String(idOrUsername)
  const query = User.query().whereNot('provider', 'guest')
  if (/^\d{1,9}$/.test(key)) query.where('id', Number(key))
  else if (key.length <= 30) query.whereRaw('lower(username) = ?', [key.toLowerCase()])
  else throw ApiException.notFound()
  const user = await query.first()
  if (!user) throw ApiException.notFound()
  const decks = await publishedDecks()
    .where('public_decks.user_id', user.id)
    .preload('author')
    .orderBy('downloads_count', 'desc')
    .orderBy('public_decks.id')
  return { user, decks }
}
