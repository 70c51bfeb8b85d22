import { getPriority } from 'node:os'

/** The nice value of the calling thread (on Linux a thread has its own): run in a parse thread by its test. */
export function priority() {
  return getPriority()
}
