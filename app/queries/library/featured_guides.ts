/* The featured guides: a short curated list; titles are `ui.library.guides.<id>`. */
export const FEATURED_GUIDES = [
  { id: 'getting_started', path: '/guides/getting-started' },
  { id: 'good_cards', path: '/guides/writing-good-flashcards' },
  { id: 'publishing', path: '/guides/publishing-to-the-library' },
] as const
