import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { AI_NOT_READY } from '../../../contracts/ai.js';
import type { AiConfig } from '../../config.js';
import { AiUnavailableError, type AiEngine, type EngineLog } from './engine.js';
import { createSdkEngine } from './sdk-engine.js';

/** The engine AI_PROVIDER asks for. */
export async function createEngine(config: AiConfig, dataDir: string, log: EngineLog): Promise<AiEngine> {
  switch (config.provider) {
    case 'off':
      return offEngine();
    case 'openai-compatible': {
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl,
        apiKey: config.apiKey,
      });
      return createSdkEngine(provider.chatModel(config.model), 'openai-compatible');
    }
    case 'anthropic':
      return createSdkEngine(createAnthropic({ apiKey: config.apiKey })(config.model), 'anthropic');
    case 'google':
      return createSdkEngine(createGoogleGenerativeAI({ apiKey: config.apiKey })(config.model), 'google');
    case 'local': {
      // Loaded only when used: the native runtime is large and hosted setups never need it.
      const [{ createLocalEngine }, { DEFAULT_LOCAL_MODEL }] = await Promise.all([
        import('./local/local-engine.js'),
        import('./local/model-source.js'),
      ]);
      return createLocalEngine({
        model: config.model ?? DEFAULT_LOCAL_MODEL,
        dataDir,
        threads: config.threads,
        maxQueue: 16,
        log,
      });
    }
  }
}

function offEngine(): AiEngine {
  return {
    status: () => ({
      state: 'off',
      provider: 'off',
      detail: 'AI_PROVIDER=off. Set AI_PROVIDER to local or a hosted provider to turn AI on.',
    }),
    generate: async () => {
      throw new AiUnavailableError(AI_NOT_READY.off);
    },
    // eslint-disable-next-line require-yield -- a stream that refuses before its first chunk
    async *stream() {
      throw new AiUnavailableError(AI_NOT_READY.off);
    },
    close: async () => {},
  };
}
