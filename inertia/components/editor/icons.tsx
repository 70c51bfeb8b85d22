import type { ComponentType } from 'react'
import {
  AudioLines,
  Bold,
  Brackets,
  Brush,
  Code,
  Hand,
  Heading,
  Highlighter,
  Image,
  Italic,
  Link,
  List,
  ListOrdered,
  MousePointer2,
  Radical,
  ScanText,
  Search,
  Strikethrough,
  Subscript,
  Superscript,
  Underline,
  Volume2,
  ZoomIn,
  ZoomOut,
  type LucideProps,
} from 'lucide-react'

/*
 * Toolbar glyphs: lucide's line icons, 20 px in the text colour. They are
 * pictures, never text, so the button's label is its whole accessible name
 * and no font (emoji or symbol) has to be installed for them to show.
 */
const tool = (Icon: ComponentType<LucideProps>) =>
  function ToolIcon() {
    return <Icon size={20} strokeWidth={1.75} aria-hidden="true" />
  }

export const ImageIcon = tool(Image)
export const OrderedListIcon = tool(ListOrdered)
export const BulletListIcon = tool(List)
export const HighlightIcon = tool(Highlighter)
export const CodeBlockIcon = tool(Code)
export const LinkIcon = tool(Link)
export const AudioIcon = tool(AudioLines)
export const SpeakIcon = tool(Volume2)
export const HandIcon = tool(Hand)
export const PointerIcon = tool(MousePointer2)
export const BoldIcon = tool(Bold)
export const ItalicIcon = tool(Italic)
export const UnderlineIcon = tool(Underline)
export const StrikeIcon = tool(Strikethrough)
export const SubscriptIcon = tool(Subscript)
export const SuperscriptIcon = tool(Superscript)
export const HeadingIcon = tool(Heading)
export const ClozeIcon = tool(Brackets)
export const MathIcon = tool(Radical)
export const ScanIcon = tool(ScanText)
export const SearchIcon = tool(Search)
export const DrawIcon = tool(Brush)
export const ZoomInIcon = tool(ZoomIn)
export const ZoomOutIcon = tool(ZoomOut)

/** The text colour's glyph: an "A" over a bar in the colour chosen. */
export const ColorIcon = ({ color }: { color?: string | null }) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M6 14l4-10 4 10M7.5 10.5h5" />
    <path d="M3 17.5h14" stroke={color ?? 'currentColor'} strokeWidth="2.4" />
  </svg>
)
