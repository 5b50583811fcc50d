import { z } from 'zod';

/**
 * A text field that must hold something once trimmed, at most `max` characters. `label` opens its messages
 * ("topic is required", "topic must be at most 500 characters"); `blank` is what a field of only spaces is told.
 */
export function requiredText(label: string, max: number, blank = `${label} cannot be empty`) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, blank)
    .max(max, `${label} must be at most ${max} characters`);
}
