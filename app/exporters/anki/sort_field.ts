import { createHash } from 'node:crypto'
import { decodeEntities } from '#importers/anki/media_refs'

/*
 * A note's `sfld` and `csum` as Anki computes them (rslib/src/text.rs
 * strip_html_preserving_media_filenames, rslib/src/notes field_checksum):
 * an image, audio or object tag becomes its file name between spaces, every
 * other tag, comment, style and script goes, entities are decoded (a
 * non-breaking space becomes a space). `[sound:…]` is text and stays whole.
 * Nothing is trimmed.
 */

const MEDIA_TAG =
  /<\b(?:img|audio|object)\b[^>]+\b(?:src|data)\b=(?:"([^"]+?)"[^>]*>|'([^']+?)'[^>]*>|([^ >]+?)(?: [^>]*>|>))/gis
const HTML = /(<!--.*?-->)|(<style.*?>.*?<\/style>)|(<script.*?>.*?<\/script>)|(<.*?>)/gis

export function stripHtmlPreservingMedia(html: string): string {
  const named = html.replace(
    MEDIA_TAG,
    (_whole, double?: string, single?: string, bare?: string) =>
      ` ${double ?? ''}${single ?? ''}${bare ?? ''} `
  )
  const stripped = named.replace(HTML, '')
  return stripped.includes('&') ? decodeEntities(stripped).replace(/\u00a0/g, ' ') : stripped
}

/** notes.csum: the first 4 bytes of the SHA-1 of the stripped first field, as an unsigned integer. */
export function fieldChecksum(field: string): number {
  return createHash('sha1').update(stripHtmlPreservingMedia(field)).digest().readUInt32BE(0)
}
