import type { Histogram } from 'prom-client';
import type { AiEngine } from './engine.js';

/** The engine, with each generation's time observed by outcome (`done`, `failed`, or `stopped` by its caller). */
export function timedEngine(engine: AiEngine, histogram: Histogram<'outcome'>): AiEngine {
  return {
    status: () => engine.status(),
    close: () => engine.close(),
    async generate(request) {
      const end = histogram.startTimer();
      try {
        const text = await engine.generate(request);
        end({ outcome: 'done' });
        return text;
      } catch (error) {
        end({ outcome: 'failed' });
        throw error;
      }
    },
    async *stream(request) {
      const end = histogram.startTimer();
      let outcome = 'stopped';
      try {
        yield* engine.stream(request);
        outcome = 'done';
      } catch (error) {
        outcome = 'failed';
        throw error;
      } finally {
        end({ outcome });
      }
    },
  };
}
