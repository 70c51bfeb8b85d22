/*
 * The browser's stand-in for @open-spaced-repetition/binding (vite.config.ts aliases it): the server's
 * scheduler uses that native optimizer only to give a card SM-2 scheduled its first FSRS memory state
 * (fsrs.ts memoryStateFromSm2). The device leaves such cards to the server (queue.ts needsConversion), so
 * this is never reached; if it were, the answer fails rather than being scheduled otherwise than online.
 */
export class FSRSBinding {
  memoryStateFromSM2(): { stability: number; difficulty: number } {
    throw new Error('A card moving from SM-2 to FSRS is scheduled by the server')
  }
}
