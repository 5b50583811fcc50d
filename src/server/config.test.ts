import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      database: { kind: 'sqlite', file: path.resolve('./data/simplified.db') },
      redisUrl: undefined,
      publicOrigin: 'http://localhost:3000',
      secureCookies: false,
      sessionTtlSeconds: 30 * 86400,
      contactEmail: 'hello@simplified.example',
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/simplified',
      DATABASE_URL: 'postgres://u@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_ORIGIN: 'https://chat.example.com/',
      SESSION_TTL: '12h',
      CONTACT_EMAIL: 'help@example.com',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '5',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/simplified',
      database: { kind: 'postgres', url: 'postgres://u@db:5432/app' },
      redisUrl: 'redis://cache:6379',
      publicOrigin: 'https://chat.example.com',
      secureCookies: true,
      sessionTtlSeconds: 43200,
      contactEmail: 'help@example.com',
      logLevel: 'warn',
      authRateLimitPerMinute: 5,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('sqlite');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['PUBLIC_ORIGIN', 'ftp://x'],
    ['SESSION_TTL', '0'],
    ['SESSION_TTL', 'forever'],
    ['CONTACT_EMAIL', 'nobody'],
    ['LOG_LEVEL', 'loud'],
    ['AUTH_RATE_LIMIT', '-1'],
  ])('stops with a message naming %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
