import yauzl from 'yauzl'

/** Every entry of a zip and its bytes, read with yauzl directly (not through the product's readers). */
export async function readZip(path: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false })
  const entries = new Map<string, Buffer>()
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = []
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
    entries.set(entry.fileName, Buffer.concat(chunks))
  }
  zip.close()
  return entries
}
