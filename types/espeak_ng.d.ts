/* espeak-ng (eSpeak NG compiled to WebAssembly) ships no types: the factory the package exports. */
declare module 'espeak-ng' {
  interface ESpeakModule {
    FS: { readFile(path: string): Uint8Array }
  }
  const ESpeakNg: (options: {
    arguments: string[]
    print?: (line: string) => void
    printErr?: (line: string) => void
  }) => Promise<ESpeakModule>
  export default ESpeakNg
}
