/* Page-wide keyboard shortcuts and what they must leave alone. */

/** A key typed into a field belongs to the field (inputs, selects, the rich-text editors). */
export const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  Boolean(target.closest('input, textarea, select, [contenteditable="true"]'))

/** A plain key: no modifier held (Shift included, so capitals typed elsewhere are not shortcuts). */
export const isPlainKey = (event: KeyboardEvent) =>
  !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey
