import { z } from 'zod';
import { ErrorResponse } from './errors.js';

/** GET /api/config: public settings the pages show (the contact address, SPEC §1). */
export const PublicConfig = z.object({ contactEmail: z.string() });
export type PublicConfig = z.infer<typeof PublicConfig>;

/** GET /api/health: the process is alive and its database answers. */
export const HealthResponse = z.object({ ok: z.literal(true) });

/** What readiness depends on, each as the operator reads it. */
export const ReadinessChecks = z.object({
  database: z.enum(['ok', 'unreachable']),
  redis: z.enum(['ok', 'unreachable', 'not used']),
  shutdown: z.enum(['no', 'in progress']),
});

/** GET /api/ready when this process should get traffic. */
export const ReadyResponse = z.object({ ready: z.literal(true), checks: ReadinessChecks });

/** GET /api/ready's 503: which checks failed, in words, beside all of them. */
export const NotReadyResponse = ErrorResponse.extend({
  code: z.literal('not_ready'),
  checks: ReadinessChecks,
});
