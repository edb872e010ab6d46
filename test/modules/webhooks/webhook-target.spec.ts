import { resolveTarget, TargetRefused } from '@src/modules/webhooks/webhook-target';

const strict = { allowHttpLoopback: false, ownPort: 3000 };
const development = { allowHttpLoopback: true, ownPort: 3000 };

describe('resolveTarget', () => {
  it('resolves a name and refuses it when an address it resolves to is loopback', async () => {
    await expect(resolveTarget(new URL('https://localhost/hooks'), strict)).rejects.toThrow(/is a loopback address/);
    await expect(resolveTarget(new URL('http://localhost:8080/hooks'), development)).resolves.toEqual(
      expect.arrayContaining([{ address: '127.0.0.1', family: 4 }]),
    );
  });

  it('refuses a name that does not resolve', async () => {
    await expect(resolveTarget(new URL('https://no-such-host.invalid/'), strict)).rejects.toThrow(
      new TargetRefused('no-such-host.invalid does not resolve to an address'),
    );
  });

  it.each([
    'https://[::ffff:a00:1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::a00:1]/',
    'https://[64:ff9b::a00:1]/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
  ])('refuses %s, an IPv4 range in disguise or not unicast', async (url) => {
    await expect(resolveTarget(new URL(url), strict)).rejects.toThrow(TargetRefused);
  });

  it.each([
    ['https://[2002:a00:1::1]/', '6to4, carrying 10.0.0.1'],
    ['https://[2001:0:a00:1::1]/', 'Teredo'],
    ['https://[64:ff9b:1::a00:1]/', 'local-use NAT64'],
    ['https://[::ffff:0:a00:1]/', 'IPv4-translated (::ffff:0:0:0/96)'],
    ['https://[fec0::1]/', 'deprecated site-local'],
    ['https://[100::1]/', 'discard-only'],
    ['https://[2001:2::1]/', 'benchmarking'],
    ['https://[5f00::1]/', 'segment routing'],
    ['https://[3fff::1]/', 'documentation (2024)'],
    ['https://[::1:2:3]/', 'outside 2000::/3, the global unicast space'],
    ['https://240.0.0.1/', 'reserved (240.0.0.0/4)'],
    ['https://192.52.193.1/', 'AMT'],
    ['https://192.31.196.1/', 'AS112'],
  ])('refuses %s, a special-purpose range (%s)', async (url) => {
    await expect(resolveTarget(new URL(url), strict)).rejects.toThrow(/is in a private or reserved network range; webhooks go to public addresses$/);
  });

  it('keeps the development allowance for loopback, however it is written', async () => {
    for (const url of ['http://[::1]:8080/', 'http://127.0.0.2:8080/', 'http://[::ffff:127.0.0.1]:8080/']) {
      await expect(resolveTarget(new URL(url), development)).resolves.toHaveLength(1);
      await expect(resolveTarget(new URL(url), strict)).rejects.toThrow(/is a loopback address/);
    }
  });

  it('accepts a public IPv6 address', async () => {
    await expect(resolveTarget(new URL('https://[2606:4700:4700::1111]/'), strict)).resolves.toEqual([{ address: '2606:4700:4700::1111', family: 6 }]);
  });

  it('accepts a public address over https, and refuses it over http even with the development allowance', async () => {
    await expect(resolveTarget(new URL('https://93.184.215.14/hooks'), strict)).resolves.toEqual([{ address: '93.184.215.14', family: 4 }]);
    await expect(resolveTarget(new URL('http://93.184.215.14/hooks'), development)).rejects.toThrow(/must be an https URL/);
  });
});
