import type { ReactNode } from 'react'
import { useEditorState, type Editor } from '@tiptap/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { useShortcut } from './shortcuts'
import { ToolButton, ToolMenu } from './tool_button'
import {
  AudioIcon,
  BoldIcon,
  BulletListIcon,
  ClozeIcon,
  CodeBlockIcon,
  ColorIcon,
  HeadingIcon,
  HighlightIcon,
  ImageIcon,
  ItalicIcon,
  LinkIcon,
  MathIcon,
  OrderedListIcon,
  StrikeIcon,
  SubscriptIcon,
  SuperscriptIcon,
  UnderlineIcon,
} from './icons'

/** The fixed text colours (readable on light and dark cards). */
const COLORS = [
  { name: 'red', value: '#e03131' },
  { name: 'orange', value: '#e8590c' },
  { name: 'green', value: '#2f9e44' },
  { name: 'blue', value: '#1c7ed6' },
  { name: 'violet', value: '#7048e8' },
  { name: 'gray', value: '#868e96' },
] as const

const LEVELS = [1, 2, 3] as const

export type FieldToolbarProps = {
  editor: Editor | null
  cloze: boolean
  /** images are turned off for this field: the tooltip says why */
  imagesDisabledReason?: string
  canImage: boolean
  canAudio: boolean
  onImage: () => void
  onAudio: () => void
  onLink: () => void
  onCloze: () => void
  onMath: () => void
  /** more tools after the formatting (the media tools) */
  extra?: ReactNode
}

const EMPTY = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  subscript: false,
  superscript: false,
  orderedList: false,
  bulletList: false,
  highlight: false,
  codeBlock: false,
  link: false,
  heading: 0,
  color: null as string | null,
}

type MarkState = typeof EMPTY
type Chain = () => ReturnType<Editor['chain']>

/** Which marks and blocks the selection has, as the buttons show them pressed. */
function useMarkState(editor: Editor | null): MarkState {
  return (
    useEditorState({
      editor,
      selector: ({ editor: current }) =>
        current
          ? {
              bold: current.isActive('bold'),
              italic: current.isActive('italic'),
              underline: current.isActive('underline'),
              strike: current.isActive('strike'),
              subscript: current.isActive('subscript'),
              superscript: current.isActive('superscript'),
              orderedList: current.isActive('orderedList'),
              bulletList: current.isActive('bulletList'),
              highlight: current.isActive('highlight'),
              codeBlock: current.isActive('codeBlock'),
              link: current.isActive('link'),
              heading: LEVELS.find((level) => current.isActive('heading', { level })) ?? 0,
              color: (current.getAttributes('textStyle').color as string | undefined) ?? null,
            }
          : EMPTY,
    }) ?? EMPTY
  )
}

/** `locked`: the styling tools (colour, highlight, headings) are premium ("card formatting", spec 000 §1) */
type GroupProps = { state: MarkState; off: boolean; locked: boolean; chain: Chain }

/** A premium tool's label for a free learner: it says why the tool is off. */
function usePremiumLabel(locked: boolean) {
  const t = useT()
  return (label: string) => (locked ? t('editor.toolbar.premium_only', { tool: label }) : label)
}

/** Bold, italic, underline, strike, subscript, superscript. */
function MarkButtons({ state, off, chain }: GroupProps) {
  const t = useT()
  const shortcut = useShortcut()
  return (
    <>
      <ToolButton
        label={t('editor.toolbar.bold')}
        shortcut={shortcut('Mod+B')}
        active={state.bold}
        disabled={off}
        onClick={() => chain().toggleBold().run()}
      >
        <BoldIcon />
      </ToolButton>
      <ToolButton
        label={t('editor.toolbar.italic')}
        shortcut={shortcut('Mod+I')}
        active={state.italic}
        disabled={off}
        onClick={() => chain().toggleItalic().run()}
      >
        <ItalicIcon />
      </ToolButton>
      <ToolButton
        label={t('editor.toolbar.underline')}
        shortcut={shortcut('Mod+U')}
        active={state.underline}
        disabled={off}
        onClick={() => chain().toggleUnderline().run()}
      >
        <UnderlineIcon />
      </ToolButton>
      <ToolButton
        label={t('editor.toolbar.strike')}
        shortcut={shortcut('Mod+Shift+S')}
        active={state.strike}
        disabled={off}
        onClick={() => chain().toggleStrike().run()}
      >
        <StrikeIcon />
      </ToolButton>
      <ToolButton
        label={t('editor.toolbar.subscript')}
        shortcut={shortcut('Mod+,')}
        active={state.subscript}
        disabled={off}
        onClick={() => chain().toggleSubscript().run()}
      >
        <SubscriptIcon />
      </ToolButton>
      <ToolButton
        label={t('editor.toolbar.superscript')}
        shortcut={shortcut('Mod+.')}
        active={state.superscript}
        disabled={off}
        onClick={() => chain().toggleSuperscript().run()}
      >
        <SuperscriptIcon />
      </ToolButton>
    </>
  )
}

/** Numbered and bulleted lists, highlight. */
function ListButtons({ state, off, locked, chain }: GroupProps) {
  const t = useT()
  const shortcut = useShortcut()
  const premium = usePremiumLabel(locked)
  return (
    <>
      <ToolButton
        label={t('editor.toolbar.ordered_list')}
        shortcut={shortcut('Mod+Shift+7')}
        active={state.orderedList}
        disabled={off}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <OrderedListIcon />
      </ToolButton>
      <ToolButton
        label={t('editor.toolbar.bullet_list')}
        shortcut={shortcut('Mod+Shift+8')}
        active={state.bulletList}
        disabled={off}
        onClick={() => chain().toggleBulletList().run()}
      >
        <BulletListIcon />
      </ToolButton>
      <ToolButton
        label={premium(t('editor.toolbar.highlight'))}
        shortcut={shortcut('Mod+Shift+H')}
        active={state.highlight}
        disabled={off || locked}
        onClick={() => chain().toggleHighlight().run()}
      >
        <HighlightIcon />
      </ToolButton>
    </>
  )
}

/** The text colour: the default, or one of the fixed colours. */
function ColorMenu({ state, off, locked, chain }: GroupProps) {
  const t = useT()
  const premium = usePremiumLabel(locked)
  const colorNames: Record<(typeof COLORS)[number]['name'], string> = {
    red: t('editor.color.red'),
    orange: t('editor.color.orange'),
    green: t('editor.color.green'),
    blue: t('editor.color.blue'),
    violet: t('editor.color.violet'),
    gray: t('editor.color.gray'),
  }
  return (
    <ToolMenu
      label={premium(t('editor.toolbar.color'))}
      active={Boolean(state.color)}
      disabled={off || locked}
      icon={<ColorIcon color={state.color} />}
      items={[
        {
          key: 'default',
          title: t('editor.color.default'),
          label: <span className="swatch swatch-default" />,
          selected: !state.color,
          onSelect: () => chain().unsetColor().run(),
        },
        ...COLORS.map((color) => ({
          key: color.name,
          title: colorNames[color.name],
          label: <span className="swatch" style={{ background: color.value }} />,
          selected: state.color === color.value,
          onSelect: () => chain().setColor(color.value).run(),
        })),
      ]}
    />
  )
}

/** A paragraph, or a heading of level 1 to 3. */
function HeadingMenu({ state, off, locked, chain }: GroupProps) {
  const t = useT()
  const shortcut = useShortcut()
  const premium = usePremiumLabel(locked)
  return (
    <ToolMenu
      label={premium(t('editor.toolbar.heading'))}
      active={state.heading > 0}
      disabled={off || locked}
      icon={<HeadingIcon />}
      items={[
        {
          key: 'p',
          title: t('editor.heading.paragraph'),
          label: (
            <>
              <span>{t('editor.heading.paragraph')}</span>
              <kbd>{shortcut('Mod+Alt+0')}</kbd>
            </>
          ),
          selected: state.heading === 0,
          onSelect: () => chain().setParagraph().run(),
        },
        ...LEVELS.map((level) => ({
          key: `h${level}`,
          title: t('editor.heading.level', { level }),
          label: (
            <>
              <span className={`heading-sample heading-sample-${level}`}>
                {t('editor.heading.level', { level })}
              </span>
              <kbd>{shortcut(`Mod+Alt+${level}`)}</kbd>
            </>
          ),
          selected: state.heading === level,
          onSelect: () => chain().setHeading({ level }).run(),
        })),
      ]}
    />
  )
}

/** What goes into the text: a cloze, a code block, a link, math. */
function InsertButtons({
  state,
  off,
  chain,
  cloze,
  onCloze,
  onLink,
  onMath,
}: GroupProps & Pick<FieldToolbarProps, 'cloze' | 'onCloze' | 'onLink' | 'onMath'>) {
  const t = useT()
  const shortcut = useShortcut()
  return (
    <>
      {cloze && (
        <ToolButton
          label={t('editor.toolbar.cloze')}
          shortcut={shortcut('Mod+Shift+C')}
          disabled={off}
          onClick={onCloze}
        >
          <ClozeIcon />
        </ToolButton>
      )}
      <ToolButton
        label={t('editor.toolbar.code_block')}
        shortcut={shortcut('Mod+Alt+C')}
        active={state.codeBlock}
        disabled={off}
        onClick={() => chain().toggleCodeBlock().run()}
      >
        <CodeBlockIcon />
      </ToolButton>
      <ToolButton
        label={t('editor.toolbar.link')}
        shortcut={shortcut('Mod+K')}
        active={state.link}
        disabled={off}
        onClick={onLink}
      >
        <LinkIcon />
      </ToolButton>
      <ToolButton
        label={t('editor.toolbar.math')}
        shortcut={shortcut('Mod+M')}
        disabled={off}
        onClick={onMath}
      >
        <MathIcon />
      </ToolButton>
    </>
  )
}

export function FieldToolbar({
  editor,
  cloze,
  imagesDisabledReason,
  canImage,
  canAudio,
  onImage,
  onAudio,
  onLink,
  onCloze,
  onMath,
  extra,
}: FieldToolbarProps) {
  const t = useT()
  const { user } = useShared()
  const group: GroupProps = {
    state: useMarkState(editor),
    off: !editor,
    locked: !user?.isPremium,
    chain: () => editor!.chain().focus(),
  }
  return (
    <div className="field-toolbar" role="toolbar" aria-label={t('editor.toolbar.label')}>
      {canImage && (
        <ToolButton
          label={imagesDisabledReason ?? t('editor.toolbar.image')}
          disabled={group.off || Boolean(imagesDisabledReason)}
          onClick={onImage}
        >
          <ImageIcon />
        </ToolButton>
      )}
      <MarkButtons {...group} />
      <span className="tool-separator" />
      <ListButtons {...group} />
      <ColorMenu {...group} />
      <HeadingMenu {...group} />
      <span className="tool-separator" />
      <InsertButtons {...group} cloze={cloze} onCloze={onCloze} onLink={onLink} onMath={onMath} />
      {canAudio && (
        <ToolButton label={t('editor.toolbar.audio')} disabled={group.off} onClick={onAudio}>
          <AudioIcon />
        </ToolButton>
      )}
      {extra}
    </div>
  )
}
