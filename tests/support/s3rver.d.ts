/* s3rver ships no types: the little the tests use (tests/support/s3_server.ts) */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string
      port?: number
      silent?: boolean
      directory: string
      configureBuckets?: { name: string }[]
    })
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
