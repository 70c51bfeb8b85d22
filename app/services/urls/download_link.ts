import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import type { DateTime } from 'luxon'
import type DeckExport from '#models/deck_export'
import { appUrl } from '#config/app'

export const EXPORT_LIFETIME_DAYS = 7

/**
 * The e-mailed link: signed (the signature is the only credential) and
 * expiring with the export. `expires` repeats the expiry in the clear, inside
 * what is signed, so the download can tell an expired link from a forged one.
 */
export function downloadUrl(
  record: Pick<DeckExport, 'id' | 'expiresAt'>,
  expiresAt: DateTime | null = record.expiresAt
) {
  const now = Date.now()
  const at = expiresAt?.toMillis() ?? now
  /* 0 would mean "never expires" to the signer: an expired link stays expired */
  const expiresIn = at > now ? at - now : -1
  const path = signedUrlFor(
    'exports.download',
    { id: record.id },
    {
      expiresIn,
      qs: { expires: Math.floor(at / 1000) },
    }
  )
  return `${appUrl}${path}`
}

/** `attachment` with the name for every browser: plain ASCII, and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string) {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'export'
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
