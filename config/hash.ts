import { defineConfig, drivers } from '@adonisjs/core/hash'
import env from '#start/env'

/*
 * Passwords are hashed with scrypt at N = 16384 (about 50 ms on these
 * machines). The tests hash thousands of passwords (every learner they make
 * signs up with one) and check what is hashed, not how hard it is to crack:
 * they use N = 1024, the same algorithm and format. A hash carries its own
 * parameters, so either kind verifies anywhere.
 */
const cost = env.get('NODE_ENV') === 'test' ? 1024 : 16384

const hashConfig = defineConfig({
  default: 'scrypt',
  list: {
    scrypt: drivers.scrypt({ cost, blockSize: 8, parallelization: 1, maxMemory: 33554432 }),
  },
})

export default hashConfig

declare module '@adonisjs/core/types' {
  export interface HashersList extends InferHashers<typeof hashConfig> {}
}
