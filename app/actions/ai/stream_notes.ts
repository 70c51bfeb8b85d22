import { htmlToPlainText } from '#note_types/plain_text'

/** A card side as a short plain text: what the stream's events carry (NOTIFY payloads are small). */
export function plainPreview(html: string, max = 280) {
  const text = htmlToPlainText(html ?? '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
