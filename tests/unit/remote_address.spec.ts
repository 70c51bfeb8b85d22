import { test } from '@japa/runner'
import { isAddressAllowed } from '#services/remote_address'

/*
 * what the server may fetch a note's remote image from (REMOTE_IMAGE_ADDRESSES); only literals: nothing is
 * looked up or contacted
 */
test.group('Remote images | the private-address guard', () => {
  test('by default (public) no loopback, private, link-local, metadata or reserved address: #{$i}')
    .with([
      '127.0.0.1',
      '127.0.0.2',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a00:1',
      '[::1]',
      '2001:db8::1',
      '64:ff9b::a00:1',
      'not an address',
      '',
    ])
    .run(({ assert }, address) => {
      assert.isFalse(isAddressAllowed(address, 'public'), address)
    })

  test('public unicast addresses pass', ({ assert }) => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '192.169.0.1',
      '2606:4700::1111',
      '::ffff:93.184.216.34',
    ]) {
      assert.isTrue(isAddressAllowed(address, 'public'), address)
    }
  })

  test('loopback: this machine only; any: everything; none: nothing', ({ assert }) => {
    for (const address of ['127.0.0.1', '127.0.0.2', '127.255.0.9', '::1', '::ffff:127.0.0.2'])
      assert.isTrue(isAddressAllowed(address, 'loopback'), address)
    for (const address of ['10.0.0.1', '192.168.1.1', '93.184.216.34', '169.254.169.254'])
      assert.isFalse(isAddressAllowed(address, 'loopback'), address)
    for (const address of ['10.0.0.1', '127.0.0.2', '93.184.216.34'])
      assert.isTrue(isAddressAllowed(address, 'any'), address)
    for (const address of ['127.0.0.1', '93.184.216.34'])
      assert.isFalse(isAddressAllowed(address, 'none'), address)
  })
})
