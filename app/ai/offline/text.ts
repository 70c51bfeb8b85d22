/** Plain text as HTML text (cards are HTML; a document's `<` is a character, not a tag). */
export const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Collapses whitespace and trims. */
export const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

export const wordCount = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0)

export const capitalize = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text)

/** A sentence's final punctuation off. */
export const stripFinal = (text: string) => text.replace(/[\s.;:!?,]+$/, '')
