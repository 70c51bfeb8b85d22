/*
 * Types only, no code: inertia/components/decks/types.tsx still imports its
 * deck types from here. The code lives in app/queries/decks/deck_page.ts and
 * app/transformers/deck_transformer.ts (StartedJob, PickerDeck); delete this
 * file once the pages import those.
 */
import type { PickerDeck } from '#transformers/deck_transformer'

export type { StartedJob } from '#transformers/deck_transformer'
export declare function destinations(...args: unknown[]): Promise<PickerDeck[]>
