import Redis from 'ioredis';

export interface WindowHit {
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  count: number;
  /** Unix ms at which the oldest counted request leaves the window, freeing one slot. */
  resetAt: number;
  now: number;
}

/**
 * A true sliding window in one round trip: a sorted set of request times per key, trimmed, counted and (when under
 * the limit) appended atomically by a Lua script. Time comes from Redis, so every service process agrees on it.
 */
const SLIDING_WINDOW_SCRIPT = `
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local resetAt = now + window
if oldest[2] then resetAt = tonumber(oldest[2]) + window end
return {allowed, count, resetAt, now}
`;

type SlidingWindowRedis = Redis & {
  slidingWindow(key: string, windowMs: number, limit: number, member: string): Promise<[number, number, number, number]>;
};

export class SlidingWindowStorage {
  private readonly redis: SlidingWindowRedis;
  private sequence = 0;
  private readonly instance = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

  constructor(redis: Redis) {
    redis.defineCommand('slidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW_SCRIPT });
    this.redis = redis as SlidingWindowRedis;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<WindowHit> {
    const member = `${this.instance}-${++this.sequence}`;
    const [allowed, count, resetAt, now] = await this.redis.slidingWindow(`rl:${key}`, windowMs, limit, member);
    return { allowed: allowed === 1, count, resetAt, now };
  }
}
