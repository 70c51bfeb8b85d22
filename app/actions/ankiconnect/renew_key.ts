import type User from '#models/user'
import {
  ankiConnectKeyHash,
  newAnkiConnectKey,
  sealAnkiConnectKey,
} from '#services/ankiconnect_keys'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * Settings' "renew" and POST /api/ankiconnect_key: a new AnkiConnect key for
 * the learner, replacing the one they had (which stops working at once).
 * Answers the key in clear, the only time the server hands it out unasked.
 */
export async function renewAnkiConnectKey(user: User, options: ActionOptions = {}) {
  const key = newAnkiConnectKey()
  await withTransaction(options.trx, async (trx) => {
    await trx.rawQuery(
      `insert into ankiconnect_keys (user_id, key_encrypted, key_hash, created_at) values (?, ?, ?, now())
       on conflict (user_id) do update set key_encrypted = excluded.key_encrypted,
         key_hash = excluded.key_hash, created_at = excluded.created_at`,
      [user.id, sealAnkiConnectKey(key), ankiConnectKeyHash(key)]
    )
  })
  return key
}
