import AnkiconnectKey from '#models/ankiconnect_key'
import User from '#models/user'
import { ankiConnectKeyHash, openAnkiConnectKey } from '#services/ankiconnect_keys'

/** The learner's AnkiConnect key as settings show it, or null before the first one is made. */
export async function ankiConnectKeyOf(user: { id: number }) {
  const row = await AnkiconnectKey.findBy('userId', user.id)
  return row ? openAnkiConnectKey(row.keyEncrypted) : null
}

/** Whose key this is (by its hash), or null: a wrong, old or missing key. */
export async function userOfAnkiConnectKey(key: unknown) {
  if (typeof key !== 'string' || key.length < 20 || key.length > 200) return null
  const row = await AnkiconnectKey.findBy('keyHash', ankiConnectKeyHash(key))
  return row ? User.find(row.userId) : null
}
