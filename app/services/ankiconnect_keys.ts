import { createHash, randomBytes } from 'node:crypto'
import encryption from '@adonisjs/core/services/encryption'
import { appUrl } from '#config/app'

/*
 * AnkiConnect keys (docs/decisions/0093): 32 random bytes, base64url, so a
 * key is long enough to be the only credential of POST /ankiconnect. Stored
 * encrypted with the app key (settings show it again) and looked up by its
 * SHA-256, so the lookup is one indexed equality and never a decryption.
 */

export const newAnkiConnectKey = () => randomBytes(32).toString('base64url')

export const ankiConnectKeyHash = (key: string) => createHash('sha256').update(key).digest('hex')

export const sealAnkiConnectKey = (key: string) => encryption.encrypt(key)

/** The key back from its sealed form, or null when the app key can no longer read it (rotated). */
export const openAnkiConnectKey = (sealed: string) => encryption.decrypt<string>(sealed) ?? null

/** The URL a learner pastes into Yomitan's or Obsidian_to_Anki's settings. */
export const ankiConnectUrl = () => `${appUrl}/ankiconnect`
