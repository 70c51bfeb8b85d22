import type { BuiltinNoteTypeKind, NoteTypeDefinition } from '#note_types/types'

/*
 * The built-in note types mirror Anki's stock ones (same field and template
 * names, same templates) so decks exported to or imported from Anki map onto
 * them, and users who know Anki find what they expect.
 */

const BASE_CSS = `.card {
  font-size: 20px;
  text-align: center;
  line-height: 1.5;
}
.card img {
  max-width: 100%;
  height: auto;
}
hr#answer {
  margin: 1em 0;
}
.template-error {
  color: #b91c1c;
  font-size: 0.8em;
}
`

const CLOZE_CSS = `.cloze {
  font-weight: bold;
  color: #1d4ed8;
}
.cloze-inactive {
  font-weight: inherit;
  color: inherit;
}
`

const TYPE_CSS = `.type-answer,
.type-answer-result {
  display: block;
  margin: 0.5em auto;
  font-family: ui-monospace, monospace;
}
`

const OCCLUSION_CSS = `.occlusion {
  position: relative;
  display: inline-block;
  max-width: 100%;
  line-height: 0;
}
.occlusion img {
  display: block;
  max-width: 100%;
  height: auto;
}
.occlusion-mask {
  position: absolute;
  box-sizing: border-box;
  transform-origin: 0 0;
  background-color: #ffeba2;
  border: 1px solid #212121;
}
.occlusion-mask-active {
  background-color: #ff8e8e;
}
.occlusion-mask-revealed {
  background-color: transparent;
  border: 2px dashed #ff8e8e;
}
.occlusion-header {
  margin-bottom: 0.5em;
}
`

const BASIC_BACK = '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}'

export const BUILTIN_NOTE_TYPES: Record<BuiltinNoteTypeKind, NoteTypeDefinition> = {
  basic: {
    kind: 'basic',
    name: 'Basic',
    fields: [{ name: 'Front', required: true }, { name: 'Back' }],
    templates: [{ name: 'Card 1', front: '{{Front}}', back: BASIC_BACK }],
    css: BASE_CSS,
    isCloze: false,
  },
  reversed: {
    kind: 'reversed',
    name: 'Basic (and reversed card)',
    fields: [{ name: 'Front', required: true }, { name: 'Back' }],
    templates: [
      { name: 'Card 1', front: '{{Front}}', back: BASIC_BACK },
      { name: 'Card 2', front: '{{Back}}', back: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}' },
    ],
    css: BASE_CSS,
    isCloze: false,
  },
  cloze: {
    kind: 'cloze',
    name: 'Cloze',
    fields: [{ name: 'Text', required: true }, { name: 'Back Extra' }],
    templates: [
      { name: 'Cloze', front: '{{cloze:Text}}', back: '{{cloze:Text}}<br>\n{{Back Extra}}' },
    ],
    css: BASE_CSS + CLOZE_CSS,
    isCloze: true,
  },
  image_occlusion: {
    kind: 'image_occlusion',
    name: 'Image Occlusion',
    fields: [{ name: 'Image', required: true }, { name: 'Header' }, { name: 'Back Extra' }],
    templates: [
      {
        name: 'Image Occlusion',
        front:
          '{{#Header}}<div class="occlusion-header">{{Header}}</div>{{/Header}}\n{{occlusion:Image}}',
        /* not {{FrontSide}}: the back draws the masks differently */
        back:
          '{{#Header}}<div class="occlusion-header">{{Header}}</div>{{/Header}}\n{{occlusion:Image}}\n' +
          '{{#Back Extra}}<hr id=answer>\n<div class="occlusion-extra">{{Back Extra}}</div>{{/Back Extra}}',
      },
    ],
    css: BASE_CSS + OCCLUSION_CSS,
    isCloze: false,
  },
  type_in: {
    kind: 'type_in',
    name: 'Basic (type in the answer)',
    fields: [{ name: 'Front', required: true }, { name: 'Back' }],
    templates: [
      {
        name: 'Card 1',
        front: '{{Front}}\n\n{{type:Back}}',
        back: '{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}',
      },
    ],
    css: BASE_CSS + TYPE_CSS,
    isCloze: false,
  },
}
