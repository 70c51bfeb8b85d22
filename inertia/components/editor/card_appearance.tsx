import { createContext, useContext, useEffect, useState } from 'react'
import type { Data } from '~generated/data'

/**
 * How cards look in a part of the page (a study session, the card-style
 * preview): the frame's CSS the server made from the deck's preset and
 * fonts (custom CSS already confined to the frame), and the colours around
 * the card. CardFace reads it; without a provider cards keep the default look.
 */
export type CardAppearance = Pick<Data.CardAppearance, 'css' | 'surroundings'>

export const CardAppearanceContext = createContext<CardAppearance | null>(null)
export const useCardAppearance = () => useContext(CardAppearanceContext)

export type CardDevice = 'phone' | 'tablet' | 'desktop'

/** The spec's screen sizes: a phone below 600 px, a desktop above 716 px, a tablet between. */
function deviceOf(width: number): CardDevice {
  if (width < 600) return 'phone'
  return width > 716 ? 'desktop' : 'tablet'
}

/** The page's device (the window's width, not the frame's), following resizes; desktop before mount. */
export function useCardDevice() {
  const [device, setDevice] = useState<CardDevice>('desktop')
  useEffect(() => {
    const update = () => setDevice(deviceOf(window.innerWidth))
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [])
  return device
}
