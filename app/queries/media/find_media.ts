import Media from '#models/media'
import ApiException from '#exceptions/api_exception'

/** An uploaded file, for whoever may see it (for now its owner); anyone else, or nobody signed in, gets a 404. */
export async function findMedia(viewer: { id: number } | null | undefined, key: string) {
  const media = viewer ? await Media.query().where('key', key).where('user_id', viewer.id).first() : null
  if (!media) throw ApiException.notFound()
  return media
}
