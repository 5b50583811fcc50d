import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import type { DailyRule } from './lib/daily-allowance.js';
import { connectionCapFor, openFilesLimit } from './lib/open-files-limit.js';
import { trustProxy } from './trust-proxy-setting.js';
import { z } from 'zod';

/** SESSION_TTL accepts seconds ("3600") or a number with a unit ("30d", "12h", "45m", "90s"). */
const DURATION = /^(\d+)\s*([smhd]?)$/;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx) => {
      const match = DURATION.exec(raw.trim());
      const seconds = match ? Number(match[1]) * (UNIT_SECONDS[match[2] ?? ''] ?? 1) : 0;
      if (seconds <= 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a positive duration such as 3600, 90m, 12h or 30d',
        });
        return z.NEVER;
      }
      return seconds;
    });

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), hint);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(
    /^postgres(ql)?:$/,
    'must be a postgres:// or postgresql:// URL (leave unset for SQLite)',
  ),
  REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL'),
  PUBLIC_ORIGIN: optionalUrl(
    /^https?:$/,
    'must be an http:// or https:// origin such as https://chat.example.com',
  ),
  SESSION_TTL: duration('30d'),
  SESSION_MAX_AGE: duration('90d'),
  CONTACT_EMAIL: z.email('must be an e-mail address').default('hello@simplified.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  MESSAGE_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  SOCKET_EVENT_RATE_LIMIT: z.coerce.number().int().positive().default(50),
  DIRECTORY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  SEARCH_RATE_LIMIT: z.coerce.number().int().positive().default(240),
  SAVED_ITEMS_PER_DAY: z.coerce.number().int().positive().default(200),
  SAVED_ITEMS_BYTES_PER_DAY: z.coerce.number().int().positive().default(8_000_000),
  PICTURES_PER_DAY: z.coerce.number().int().positive().default(50),
  PICTURE_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  DISCUSSIONS_PER_DAY: z.coerce.number().int().positive().default(100),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (a random secret the scraper sends as a Bearer token)')
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  OVERLOAD_MAX_EVENT_LOOP_DELAY: z.coerce.number().int().min(0).default(50),
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).optional(),
  OVERLOAD_RETRY_AFTER: duration('2s'),
  OVERLOAD_MAX_CONNECTIONS: z.coerce.number().int().min(0).optional(),
  OVERLOAD_MAX_CONCURRENT: z.coerce.number().int().min(0).default(256),
  OVERLOAD_MAX_QUEUE_WAIT: z.coerce.number().int().min(0).default(1000),
  AI_PROVIDER: z
    .enum(['local', 'openai-compatible', 'anthropic', 'google', 'off'], {
      error: 'must be one of local, openai-compatible, anthropic, google, off',
    })
    .default('local'),
  AI_BASE_URL: optionalUrl(
    /^https?:$/,
    'must be an http:// or https:// URL such as http://127.0.0.1:11434/v1',
  ),
  AI_API_KEY: z.string().trim().optional(),
  AI_MODEL: z.string().trim().optional(),
  LOCAL_MODEL: z.string().trim().optional(),
  LOCAL_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  AI_TIMEOUT: duration('120s'),
  SHUTDOWN_GRACE: duration('10s'),
  TRUST_PROXY: trustProxy,
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(32768).default(1024),
  AI_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  WIKI_API_URL: optionalUrl(
    /^https?:$/,
    'must be an http:// or https:// URL of a MediaWiki api.php',
  ).transform((v) => v ?? 'https://en.wikipedia.org/w/api.php'),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: optionalUrl(
    /^(mailto|https):$/,
    'must be a mailto: or https: URL such as mailto:ops@example.com',
  ),
  PUSH_ALLOW_LOCAL_ENDPOINTS: z.stringbool({ error: 'must be true or false' }).default(false),
});

export type Env = z.input<typeof EnvSchema>;

/** Every environment variable the server reads; the README's configuration table lists exactly these. */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape) as (keyof Env)[];

/** Typed, validated configuration; see the README's configuration table. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  publicOrigin: string;
  /**
   * Origins whose pages may change state and open sockets: PUBLIC_ORIGIN when it is set; otherwise the local
   * addresses of PORT (localhost, 127.0.0.1 and [::1]), since a newcomer may open any of them.
   */
  allowedOrigins: string[];
  secureCookies: boolean;
  sessionTtlSeconds: number;
  /** How long a shutdown waits for requests under way (SHUTDOWN_GRACE). */
  shutdownGraceMs: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe (TRUST_PROXY); false for none. */
  trustProxy: number | string | false;
  /** How long a sign-in may last at most, however often it is used; then the person signs in again. */
  sessionMaxAgeSeconds: number;
  contactEmail: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Sign-up and log-in attempts allowed per client address per minute. */
  authRateLimitPerMinute: number;
  /** Messages one user may send per minute (bursts of up to 20 allowed). */
  messageRateLimitPerMinute: number;
  /** Client events one tab may send per second (a person's tabs together twice that). */
  socketEventsPerSecond: number;
  /** Directory pages and searches one person may ask for per minute (bursts of up to 60). */
  directoryRateLimitPerMinute: number;
  /** Searches one person may run per minute (bursts of up to 30). */
  searchRateLimitPerMinute: number;
  /** What one person may write in a day, per kind of row they create. */
  allowances: { savedItems: DailyRule; pictures: DailyRule; discussions: DailyRule };
  overload: OverloadConfig;
  /** Who may read Prometheus metrics: bearers of METRICS_TOKEN, and/or anyone reaching METRICS_PORT. */
  metrics: { token: string | undefined; port: number | undefined };
  ai: AiConfig;
  /** The encyclopedia's MediaWiki query API used by the studio's web lookup. */
  wikiApiUrl: string;
  push: PushConfig;
}

/** Web Push (modules/notifications/README.md). */
export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; undefined: generated on first start into the data folder. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about this server (VAPID_SUBJECT, else mailto:CONTACT_EMAIL). */
  subject: string;
  /** PUSH_ALLOW_LOCAL_ENDPOINTS: also accept http://127.0.0.1:<port> endpoints (tests and e2e only). */
  allowLocalEndpoints: boolean;
}

/** When the server refuses new work with 503 (and sockets' sends with a retry hint); 0 turns a check off. */
export interface OverloadConfig {
  /** Mean event-loop delay over the last second, in milliseconds, above which work is refused. */
  maxEventLoopDelayMs: number;
  /**
   * API calls answered at once past which new ones wait their turn (for up to `maxQueueWaitMs`).
   * 0: no line, and a share of calls is refused at random while the event loop lags.
   */
  maxConcurrent: number;
  /** How long, in milliseconds, a call may wait for its turn before it is refused. */
  maxQueueWaitMs: number;
  /** Share of the last second the event loop was busy (0 to 1) above which work is refused. */
  maxEventLoopUtilization: number;
  /** V8 heap in use above which work is refused. */
  maxHeapUsedBytes: number;
  /** How long a refused client is told to wait before retrying. */
  retryAfterSeconds: number;
  /**
   * Open connections (HTTP and sockets) past which new ones are closed at once: running out of file descriptors
   * makes every later open fail, even the process's own reads of its memory use. 0: no cap.
   */
  maxConnections: number;
}

export type AiConfig =
  | ({ provider: 'off' } & AiLimits)
  | ({ provider: 'local'; model: string | undefined; threads: number } & AiLimits)
  | ({ provider: 'openai-compatible'; baseUrl: string; apiKey: string | undefined; model: string } & AiLimits)
  | ({ provider: 'anthropic' | 'google'; apiKey: string; model: string } & AiLimits);

export interface AiLimits {
  timeoutMs: number;
  maxOutputTokens: number;
  /** AI requests one user may make per minute. */
  ratePerMinute: number;
}

const HOSTED_DEFAULT_MODELS = { anthropic: 'claude-haiku-4-5', google: 'gemini-2.5-flash' } as const;

export class ConfigError extends Error {}

function missing(name: string, why: string): ConfigError {
  return new ConfigError(`Invalid configuration:\n  ${name}: ${why}`);
}

/** The AI provider's settings; an incomplete one names the variable that is missing. */
function aiConfig(e: z.infer<typeof EnvSchema>, availableCores: number): AiConfig {
  const limits: AiLimits = {
    timeoutMs: e.AI_TIMEOUT * 1000,
    maxOutputTokens: e.AI_MAX_OUTPUT_TOKENS,
    ratePerMinute: e.AI_RATE_LIMIT,
  };
  switch (e.AI_PROVIDER) {
    case 'off':
      return { provider: 'off', ...limits };
    case 'local':
      return {
        provider: 'local',
        model: e.LOCAL_MODEL,
        threads: e.LOCAL_THREADS ?? availableCores,
        ...limits,
      };
    case 'openai-compatible':
      if (!e.AI_BASE_URL)
        throw missing(
          'AI_BASE_URL',
          'is required when AI_PROVIDER=openai-compatible (for example http://127.0.0.1:11434/v1)',
        );
      if (!e.AI_MODEL)
        throw missing(
          'AI_MODEL',
          'is required when AI_PROVIDER=openai-compatible (the model name the server knows)',
        );
      return {
        provider: 'openai-compatible',
        baseUrl: e.AI_BASE_URL,
        apiKey: e.AI_API_KEY || undefined,
        model: e.AI_MODEL,
        ...limits,
      };
    case 'anthropic':
    case 'google':
      if (!e.AI_API_KEY) throw missing('AI_API_KEY', `is required when AI_PROVIDER=${e.AI_PROVIDER}`);
      return {
        provider: e.AI_PROVIDER,
        apiKey: e.AI_API_KEY,
        model: e.AI_MODEL || HOSTED_DEFAULT_MODELS[e.AI_PROVIDER],
        ...limits,
      };
  }
}

const MB = 1024 * 1024;
// Near V8's own limit the process spends its time collecting garbage and then dies; refuse work before that.
const HEAP_SHARE_BEFORE_REFUSING = 0.9;

function overloadConfig(e: z.infer<typeof EnvSchema>): OverloadConfig {
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  return {
    maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY,
    maxConcurrent: e.OVERLOAD_MAX_CONCURRENT,
    maxQueueWaitMs: e.OVERLOAD_MAX_QUEUE_WAIT,
    maxEventLoopUtilization: e.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
    maxHeapUsedBytes:
      e.OVERLOAD_MAX_HEAP_MB === undefined
        ? Math.floor(heapLimit * HEAP_SHARE_BEFORE_REFUSING)
        : e.OVERLOAD_MAX_HEAP_MB * MB,
    retryAfterSeconds: e.OVERLOAD_RETRY_AFTER,
    maxConnections: e.OVERLOAD_MAX_CONNECTIONS ?? connectionCapFor(openFilesLimit()),
  };
}

function pushConfig(e: z.infer<typeof EnvSchema>): PushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = e;
  if (publicKey && !privateKey)
    throw missing('VAPID_PRIVATE_KEY', 'is required when VAPID_PUBLIC_KEY is set');
  if (privateKey && !publicKey)
    throw missing('VAPID_PUBLIC_KEY', 'is required when VAPID_PRIVATE_KEY is set');
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    subject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL}`,
    allowLocalEndpoints: e.PUSH_ALLOW_LOCAL_ENDPOINTS,
  };
}

/** Reads configuration from environment variables; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'simplified.db') },
    redisUrl: e.REDIS_URL,
    publicOrigin,
    allowedOrigins: e.PUBLIC_ORIGIN
      ? [new URL(publicOrigin).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${e.PORT}`),
    secureCookies: publicOrigin.startsWith('https://'),
    sessionTtlSeconds: e.SESSION_TTL,
    shutdownGraceMs: e.SHUTDOWN_GRACE * 1000,
    trustProxy: e.TRUST_PROXY,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE,
    contactEmail: e.CONTACT_EMAIL,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT,
    messageRateLimitPerMinute: e.MESSAGE_RATE_LIMIT,
    socketEventsPerSecond: e.SOCKET_EVENT_RATE_LIMIT,
    directoryRateLimitPerMinute: e.DIRECTORY_RATE_LIMIT,
    searchRateLimitPerMinute: e.SEARCH_RATE_LIMIT,
    allowances: {
      savedItems: { items: e.SAVED_ITEMS_PER_DAY, bytes: e.SAVED_ITEMS_BYTES_PER_DAY },
      pictures: { items: e.PICTURES_PER_DAY, bytes: e.PICTURE_BYTES_PER_DAY },
      discussions: { items: e.DISCUSSIONS_PER_DAY },
    },
    overload: overloadConfig(e),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    ai: aiConfig(e, os.availableParallelism()),
    wikiApiUrl: e.WIKI_API_URL,
    push: pushConfig(e),
  };
}
