import { usePage } from '@inertiajs/react'
import type { Data } from '~generated/data'

/** Props every page receives from the server's Inertia middleware (typed from it). */
export type SharedProps = Data.SharedProps

export function useShared() {
  return usePage<SharedProps>().props
}
