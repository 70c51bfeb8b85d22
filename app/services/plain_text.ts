import sanitizeHtml from 'sanitize-html'

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
}

/**
 * Text a learner writes for others to read as text (a bio, feedback): tags
 * are taken out (a script's content with them), what is left is plain text
 * again (its characters, not entities: every page escapes it when showing
 * it), with control characters but newlines and tabs removed.
 */
export function sanitizePlainText(value: string): string {
  const stripped = sanitizeHtml(value, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  })
  return (
    stripped
      .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
      // eslint-disable-next-line no-control-regex -- control characters are stripped from plain text
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .trim()
  )
}
