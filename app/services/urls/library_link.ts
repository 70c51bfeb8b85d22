/** A published deck's library page (its slug: app/actions/publishing/slug.ts). */
export const libraryUrl = (slug: string) => `/library/decks/${slug}`
