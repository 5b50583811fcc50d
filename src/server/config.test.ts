import path from 'node:path';
import v8 from 'node:v8';
import { connectionCapFor, openFilesLimit } from './lib/open-files-limit.js';
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
    ['OVERLOAD_MAX_EVENT_LOOP_DELAY', '-5'],
    ['OVERLOAD_MAX_EVENT_LOOP_UTILIZATION', '1.5'],
    ['OVERLOAD_MAX_HEAP_MB', 'lots'],
    ['OVERLOAD_RETRY_AFTER', '0'],
  ])('stops with a message naming %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody by default, a number of hops, or a list of addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,loopback' }).trustProxy).toBe(
      '127.0.0.1,10.0.0.0/8,::1,loopback',
    );
  });

  it('refuses what is neither, naming the variable', () => {
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1', '127.0.0.1,nowhere']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('overload protection', () => {
  it('steers by 50 ms of event-loop delay, answers 256 calls at once with the rest waiting up to 1 s, refuses past 90 % of the V8 heap, and asks for a retry after 2 s', () => {
    expect(loadConfig({}).overload).toEqual({
      maxEventLoopDelayMs: 50,
      maxConcurrent: 256,
      maxQueueWaitMs: 1000,
      maxEventLoopUtilization: 0,
      maxHeapUsedBytes: Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9),
      retryAfterSeconds: 2,
      maxConnections: connectionCapFor(openFilesLimit()),
    });
  });

  it('caps connections below the open-files limit, keeping a tenth of it (64 to 1,024) for everything else', () => {
    const limits = (soft: string) =>
      `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                20000                files\n`;
    expect(openFilesLimit(limits('20000'))).toBe(20000);
    expect(openFilesLimit(limits('unlimited'))).toBeUndefined();
    expect(openFilesLimit('')).toBeUndefined();
    expect([20000, 1024, 256, undefined].map(connectionCapFor)).toEqual([18976, 922, 192, 0]);
    // On this machine the limit is readable, so the server does cap.
    expect(loadConfig({}).overload.maxConnections).toBeGreaterThan(0);
  });

  it('reads each threshold, 0 turning a check off', () => {
    const { overload } = loadConfig({
      OVERLOAD_MAX_EVENT_LOOP_DELAY: '0',
      OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.95',
      OVERLOAD_MAX_HEAP_MB: '512',
      OVERLOAD_RETRY_AFTER: '5s',
      OVERLOAD_MAX_CONNECTIONS: '0',
      OVERLOAD_MAX_CONCURRENT: '0',
      OVERLOAD_MAX_QUEUE_WAIT: '250',
    });
    expect(overload).toEqual({
      maxEventLoopDelayMs: 0,
      maxConcurrent: 0,
      maxQueueWaitMs: 250,
      maxEventLoopUtilization: 0.95,
      maxHeapUsedBytes: 512 * 1024 * 1024,
      retryAfterSeconds: 5,
      maxConnections: 0,
    });
  });
});

describe('AI configuration', () => {
  it('defaults to the local model with one thread per available core', () => {
    const { ai } = loadConfig({});
    expect(ai).toMatchObject({
      provider: 'local',
      model: undefined,
      timeoutMs: 120_000,
      maxOutputTokens: 1024,
      ratePerMinute: 30,
    });
    expect(ai.provider === 'local' && ai.threads).toBeGreaterThanOrEqual(1);
    expect(loadConfig({ LOCAL_THREADS: '1', LOCAL_MODEL: '/models/x.gguf' }).ai).toMatchObject({
      threads: 1,
      model: '/models/x.gguf',
    });
  });

  it('reads an OpenAI-compatible provider', () => {
    const { ai } = loadConfig({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3.2',
    });
    expect(ai).toMatchObject({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2',
      apiKey: undefined,
    });
  });

  it('defaults the encyclopedia to Wikipedia', () => {
    expect(loadConfig({}).wikiApiUrl).toBe('https://en.wikipedia.org/w/api.php');
    expect(loadConfig({ WIKI_API_URL: 'http://127.0.0.1:9/w/api.php' }).wikiApiUrl).toBe(
      'http://127.0.0.1:9/w/api.php',
    );
  });

  it('gives hosted providers a default model', () => {
    expect(loadConfig({ AI_PROVIDER: 'anthropic', AI_API_KEY: 'k' }).ai).toMatchObject({
      model: 'claude-haiku-4-5',
    });
    expect(loadConfig({ AI_PROVIDER: 'google', AI_API_KEY: 'k', AI_MODEL: 'gemini-x' }).ai).toMatchObject({
      model: 'gemini-x',
    });
  });

  it.each([
    [{ AI_PROVIDER: 'openai' }, 'AI_PROVIDER'],
    [{ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm' }, 'AI_BASE_URL'],
    [{ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://x/v1' }, 'AI_MODEL'],
    [{ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'not a url', AI_MODEL: 'm' }, 'AI_BASE_URL'],
    [{ AI_PROVIDER: 'anthropic' }, 'AI_API_KEY'],
    [{ AI_PROVIDER: 'google' }, 'AI_API_KEY'],
    [{ LOCAL_THREADS: '0' }, 'LOCAL_THREADS'],
    [{ AI_TIMEOUT: 'soon' }, 'AI_TIMEOUT'],
    [{ WIKI_API_URL: 'wiki' }, 'WIKI_API_URL'],
  ])('stops on an incomplete provider configuration, naming the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
