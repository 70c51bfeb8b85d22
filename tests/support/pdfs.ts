import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'

/*
 * PDFs for the AI generation tests, built with pdf-lib (no file of anyone
 * else's): text pages whose sentences the offline generator can use, and a
 * "scan" whose page has only a drawing and no text layer.
 */

/** Our own short biology notes, one paragraph a page: definitions and enumerations the offline generator picks up. */
const CELL_PAGES = [
  [
    'The Cell',
    'A cell is the smallest unit of life that can replicate independently.',
    'The nucleus is the organelle that holds the genetic material of the cell.',
    'Mitochondria are organelles that release energy from food through cellular respiration.',
  ],
  [
    'Membranes and transport',
    'The cell membrane is a thin layer of lipids and proteins that surrounds the cytoplasm.',
    'Diffusion is the movement of particles from a region of high concentration to a region of low concentration.',
    'Osmosis is the diffusion of water across a partially permeable membrane.',
  ],
  [
    'Plant cells',
    'Chloroplasts are organelles that carry out photosynthesis in plant cells.',
    'Photosynthesis is the process by which plants make glucose from carbon dioxide and water using light.',
    'The cell wall is a rigid layer of cellulose outside the membrane of plant cells.',
  ],
  [
    'Cell division',
    'Mitosis is the division of a nucleus into two identical nuclei.',
    'Meiosis is the division that produces four sex cells with half the number of chromosomes.',
    'A chromosome is a long molecule of DNA wrapped around proteins.',
  ],
]

export async function textPdf(pages: string[][] = CELL_PAGES) {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  for (const lines of pages) {
    const page = document.addPage([595, 842])
    lines.forEach((line, index) =>
      page.drawText(line, { x: 40, y: 780 - index * 24, size: index === 0 ? 16 : 10, font })
    )
  }
  return Buffer.from(await document.save())
}

/** Pages with a picture only (what a scanner makes, without OCR): no text to read. */
export async function scannedPdf(pageCount = 2) {
  const document = await PDFDocument.create()
  for (let index = 0; index < pageCount; index++) {
    const page = document.addPage([595, 842])
    page.drawRectangle({ x: 60, y: 300, width: 400, height: 300, color: rgb(0.2, 0.2, 0.2) })
  }
  return Buffer.from(await document.save())
}

/** As many pages as asked, each a short paragraph of its own. */
export async function longPdf(pageCount: number) {
  return textPdf(
    Array.from({ length: pageCount }, (_, index) => [
      `Part ${index + 1}`,
      `Item ${index + 1} is a numbered part of a long test document about nothing in particular.`,
    ])
  )
}

/**
 * One page whose content stream is about `megabytes` MB of text-showing
 * operators (a line of words each): a file pdf.js takes seconds to read,
 * as the 20 MB one-page PDFs learners send do.
 */
export async function heavyPdf(megabytes: number) {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  const page = document.addPage([595, 842])
  page.drawText('Heavy page', { x: 40, y: 800, size: 12, font })
  const fontKey = (page as any).fontKey as string
  const line = `BT /${fontKey} 6 Tf 40 700 Td (A cell is the smallest unit of life that can replicate.) Tj ET\n`
  const content = line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length))
  page.node.addContentStream(document.context.register(document.context.stream(content)))
  return Buffer.from(await document.save({ useObjectStreams: false }))
}
