import type { RedisOptions } from 'ioredis';
import type { AppConfig } from '../../config/configuration';

/**
 * Where every Redis client of the service connects (the shared client, Bull's three per queue): one server
 * (REDIS_URL), or the master that Sentinel names. With Sentinel, a client whose connection drops asks the Sentinels
 * again, so it follows a promotion without a restart; a client that reaches a demoted master answers READONLY, and
 * reconnects (to the new master) instead of failing every write.
 */
export function redisConnection(redis: AppConfig['redis']): RedisOptions {
  const url = new URL(redis.url);
  const server: RedisOptions = {
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: Number(url.pathname.slice(1) || 0),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  if (!redis.sentinels) return { ...server, host: url.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1', port: Number(url.port || 6379) };
  return {
    ...server,
    sentinels: redis.sentinels,
    name: redis.sentinelName,
    reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
  };
}
