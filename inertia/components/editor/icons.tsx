/** Toolbar glyphs: 20 px line icons drawn with the text colour. */
const Svg = ({ children }: { children: React.ReactNode }) => (
  <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {children}
  </svg>
)

export const ImageIcon = () => (
  <Svg>
    <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
    <circle cx="7" cy="8" r="1.5" />
    <path d="M3 15l4.5-4.5 3 3 2.5-2.5L17 15" />
  </Svg>
)

export const OrderedListIcon = () => (
  <Svg>
    <path d="M8 5h9M8 10h9M8 15h9" />
    <path d="M3 4l1-.5V7M2.8 9.2c.4-.5 1.8-.5 1.8.4 0 .8-1.8 1.4-1.8 2.4h2M2.8 14h1.8l-1 1.2c.9 0 1.2.4 1.2.9 0 .8-1.3 1-2 .5" strokeWidth="1.1" />
  </Svg>
)

export const BulletListIcon = () => (
  <Svg>
    <path d="M8 5h9M8 10h9M8 15h9" />
    <circle cx="4" cy="5" r="1" fill="currentColor" />
    <circle cx="4" cy="10" r="1" fill="currentColor" />
    <circle cx="4" cy="15" r="1" fill="currentColor" />
  </Svg>
)

export const HighlightIcon = () => (
  <Svg>
    <path d="M11.5 3.5l5 5-6.5 6.5H5v-5z" />
    <path d="M3 17.5h14" stroke="#fab005" strokeWidth="2.4" />
  </Svg>
)

export const ColorIcon = ({ color }: { color?: string | null }) => (
  <Svg>
    <path d="M6 14l4-10 4 10M7.5 10.5h5" />
    <path d="M3 17.5h14" stroke={color ?? 'currentColor'} strokeWidth="2.4" />
  </Svg>
)

export const CodeBlockIcon = () => (
  <Svg>
    <path d="M7 6l-4 4 4 4M13 6l4 4-4 4M11 4l-2 12" />
  </Svg>
)

export const LinkIcon = () => (
  <Svg>
    <path d="M8.5 11.5a3.5 3.5 0 005 0l2.5-2.5a3.5 3.5 0 00-5-5l-1 1" />
    <path d="M11.5 8.5a3.5 3.5 0 00-5 0L4 11a3.5 3.5 0 005 5l1-1" />
  </Svg>
)

export const AudioIcon = () => (
  <Svg>
    <path d="M3 8h3l4-3.5v11L6 12H3z" />
    <path d="M13 7.5a3.5 3.5 0 010 5M15 5a7 7 0 010 10" />
  </Svg>
)

export const HandIcon = () => (
  <Svg>
    <path d="M7 10V4.5a1.2 1.2 0 012.4 0V9M9.4 9V3.5a1.2 1.2 0 012.4 0V9M11.8 9V4.5a1.2 1.2 0 012.4 0V11M14.2 8a1.2 1.2 0 012.4 0v3.5a6 6 0 01-6 6h-.8a5 5 0 01-4-2L3 12.3a1.2 1.2 0 011.8-1.6L7 12.5" />
  </Svg>
)

export const PointerIcon = () => (
  <Svg>
    <path d="M4 3l11 6-5 1.5L8 16z" />
  </Svg>
)
