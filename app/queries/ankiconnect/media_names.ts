import Media from '#models/media'

/*
 * Anki names media by file name, one file per name; Mnemo by a random key,
 * keeping the name it came with (`original_name`). Through the AnkiConnect
 * door a name means the learner's newest file of that name, as a name
 * stored again replaces the old file in Anki (docs/decisions/0093).
 */

/** The learner's newest file of this name, or null. */
export function mediaNamed(user: { id: number }, name: string) {
  return Media.query()
    .where('user_id', user.id)
    .where('original_name', name)
    .orderBy('id', 'desc')
    .first()
}

/** name → the product's URL (/media/<key>), for the names the learner has files of. */
export async function mediaUrlsByName(user: { id: number }, names: string[]) {
  const wanted = [...new Set(names)].filter((name) => name.length <= 255)
  const urls = new Map<string, string>()
  if (!wanted.length) return urls
  const rows = await Media.query()
    .where('user_id', user.id)
    .whereIn('original_name', wanted)
    .orderBy('id', 'asc')
  for (const row of rows) urls.set(row.originalName, row.url)
  return urls
}

/** /media/<key> → the name it came with, for the keys that are the learner's. */
export async function mediaNamesByUrl(user: { id: number }, urls: string[]) {
  const keys = [...new Set(urls.map((url) => url.replace(/^\/media\//, '')))]
  const names = new Map<string, string>()
  if (!keys.length) return names
  const rows = await Media.query().where('user_id', user.id).whereIn('key', keys)
  for (const row of rows) names.set(row.url, row.originalName)
  return names
}
