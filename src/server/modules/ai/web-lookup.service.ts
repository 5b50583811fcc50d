import type { WebLookupResponse } from '../../../contracts/ai.js';
import type { AiService } from './ai.service.js';
import { lookUpIntro } from './encyclopedia.js';

export const TOO_MANY_LOOKUPS = 'Too many lookups. Please wait a minute and try again.';

export const WEB_NOTES = {
  noPage: 'The encyclopedia has no clear article for this phrase, so the AI summarised it instead.',
  failed: 'The encyclopedia could not be reached, so the AI summarised it instead.',
} as const;

/** The studio's web lookup: the encyclopedia first, the AI's own summary when that gives nothing usable. */
export function webLookupService(ai: AiService, apiUrl: string, contactEmail: string) {
  const userAgent = `Simplified/0.1 (${contactEmail})`;

  return {
    async lookUp(userId: string, phrase: string, signal: AbortSignal): Promise<WebLookupResponse> {
      let note: string = WEB_NOTES.noPage;
      try {
        const entry = await lookUpIntro(apiUrl, phrase, userAgent);
        if (entry)
          return { phrase, title: entry.title, text: entry.extract, url: entry.url, source: 'encyclopedia' };
      } catch {
        note = WEB_NOTES.failed;
      }
      const text = await ai.answer({
        userId,
        signal,
        messages: [
          {
            role: 'user',
            content: `Give a short, factual summary of "${phrase}" in 100 words or less. If it is ambiguous, describe the most common meaning.`,
          },
        ],
      });
      return { phrase, title: phrase, text, source: 'ai', note };
    },
  };
}

export type WebLookupService = ReturnType<typeof webLookupService>;
