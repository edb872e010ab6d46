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

  it('accepts a public address over https, and refuses it over http even with the development allowance', async () => {
    await expect(resolveTarget(new URL('https://93.184.215.14/hooks'), strict)).resolves.toEqual([{ address: '93.184.215.14', family: 4 }]);
    await expect(resolveTarget(new URL('http://93.184.215.14/hooks'), development)).rejects.toThrow(/must be an https URL/);
  });
});
