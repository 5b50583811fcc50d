import { HttpError } from './http-error.js';
import type { Allowance, Limits } from './limits.js';

const DAY_SECONDS = 24 * 60 * 60;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** What one person may write in a day: a number of items, and (when bounded) their bytes together. */
export interface DailyRule {
  items: number;
  bytes?: number;
}

/** What one write uses: new items (0 for a write that changes one) and the bytes it adds. */
export interface DailyUse {
  items: number;
  bytes?: number;
}

/** A wait as people say it: "2 minutes", "about 5 hours". */
export function waitInWords(waitMs: number): string {
  if (waitMs <= MINUTE_MS) return 'a minute';
  if (waitMs < HOUR_MS) return `${Math.ceil(waitMs / MINUTE_MS)} minutes`;
  const hours = Math.ceil(waitMs / HOUR_MS);
  return hours === 1 ? 'about an hour' : `about ${hours} hours`;
}

/**
 * A daily allowance per person for one kind of user-written row (saved items, pictures, discussions), so no
 * one can grow the database without bound. Counted where every limit is (in Redis when the processes share
 * one, so every process counts the same day). Each person's day starts at their first write. Past it the write
 * is refused with 429, `quota_exceeded`, the `refusal` sentence with when to try again, and Retry-After; a
 * refused write spends nothing.
 */
export function dailyAllowance(limits: Limits, name: string, rule: DailyRule, refusal: string) {
  const items = limits.allowance(`${name}-items`, { points: rule.items, seconds: DAY_SECONDS });
  const bytes =
    rule.bytes === undefined
      ? undefined
      : limits.allowance(`${name}-bytes`, { points: rule.bytes, seconds: DAY_SECONDS });

  function refuse(waitMs: number): never {
    throw new HttpError(
      429,
      `${refusal} Please try again in ${waitInWords(waitMs)}.`,
      'quota_exceeded',
      waitMs,
    );
  }

  async function spendOn(allowance: Allowance | undefined, userId: string, amount: number): Promise<number> {
    return allowance && amount > 0 ? allowance.spend(userId, amount) : 0;
  }

  return {
    /** Counts `use` against the person's day, or throws the 429 that says when it fits. */
    async spend(userId: string, use: DailyUse): Promise<void> {
      const itemsWait = await spendOn(items, userId, use.items);
      if (itemsWait > 0) refuse(itemsWait);
      const bytesWait = await spendOn(bytes, userId, use.bytes ?? 0);
      if (bytesWait > 0) {
        if (use.items > 0) await items.giveBack(userId, use.items);
        refuse(bytesWait);
      }
    },
  };
}

export type DailyAllowance = ReturnType<typeof dailyAllowance>;
