import { redisConnection } from '@src/common/redis/redis-connection';

const redis = (url: string, sentinels?: { host: string; port: number }[]) => ({ url, prefix: 'career:', sentinels, sentinelName: 'careers' });

describe('redisConnection', () => {
  it('connects to the server of REDIS_URL, with its credentials, database and TLS', () => {
    expect(redisConnection(redis('redis://127.0.0.1:6379'))).toEqual({ host: '127.0.0.1', port: 6379, db: 0 });
    expect(redisConnection(redis('rediss://app:p%40ss@cache.example:6380/3'))).toEqual({
      host: 'cache.example',
      port: 6380,
      db: 3,
      username: 'app',
      password: 'p@ss',
      tls: {},
    });
    expect(redisConnection(redis('redis://[::1]'))).toMatchObject({ host: '::1', port: 6379 });
  });

  it('asks the Sentinels for the master when they are given, keeping the password and database of REDIS_URL', () => {
    const sentinels = [{ host: 'sentinel-1', port: 26379 }];
    const options = redisConnection(redis('redis://:secret@ignored:6379/2', sentinels));
    expect(options).toMatchObject({ sentinels, name: 'careers', password: 'secret', db: 2 });
    expect(options).not.toHaveProperty('host');
    // A demoted master answers writes with READONLY: reconnect (to the new master) and resend, rather than fail.
    expect(options.reconnectOnError?.(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(options.reconnectOnError?.(new Error('ERR unknown command'))).toBe(false);
  });
});
