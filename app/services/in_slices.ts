/*
 * Long answers built a slice at a time, the event loop free between slices.
 * A learner's list of a thousand decks took about 400 ms of one thread to
 * count, present and write as JSON; done in one go, every other learner's
 * request waited behind it (bench/abuse.ts, the deep-tree attack).
 */
const SLICE = 100

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** `items.map(map)`, `size` items at a time. */
export async function mapInSlices<T, R>(
  items: readonly T[],
  map: (item: T) => R,
  size = SLICE
): Promise<R[]> {
  const mapped: R[] = []
  for (let start = 0; start < items.length; start += size) {
    if (start) await yieldToLoop()
    for (let index = start; index < Math.min(items.length, start + size); index++)
      mapped.push(map(items[index]))
  }
  return mapped
}

/** `JSON.stringify(value)` for an object with one long array (`key`, first), its items written `size` at a time. */
export async function jsonInSlices(
  value: Record<string, unknown>,
  key: string,
  size = SLICE
): Promise<string> {
  const { [key]: items, ...rest } = value
  if (!Array.isArray(items)) return JSON.stringify(value)
  const parts: string[] = []
  for (let start = 0; start < items.length; start += size) {
    if (start) await yieldToLoop()
    parts.push(
      items
        .slice(start, start + size)
        .map((item) => JSON.stringify(item) ?? 'null')
        .join(',')
    )
  }
  const others = JSON.stringify(rest)
  return `{${JSON.stringify(key)}:[${parts.join(',')}]${others === '{}' ? '' : `,${others.slice(1, -1)}`}}`
}
