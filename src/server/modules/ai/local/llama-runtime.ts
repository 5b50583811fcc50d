import {
  GeneralChatWrapper,
  getLlama,
  LlamaChatSession,
  LlamaLogLevel,
  resolveChatWrapper,
  type ChatWrapper,
  type LlamaModel,
} from 'node-llama-cpp';
import type { LocalChat } from './chat-history.js';

export interface LlamaRuntimeOptions {
  modelPath: string;
  /** Set explicitly: node-llama-cpp's default (at least 4) oversubscribes a 2-core machine and crawls. */
  threads: number;
  contextSize?: number;
  log: { warn(message: string): void };
}

export interface RuntimeGenerateOptions {
  maxTokens: number;
  temperature: number;
  signal: AbortSignal;
  onTextChunk?: (text: string) => void;
}

/** A loaded model with one context sequence; generate() must not be called concurrently (the queue sees to that). */
export interface LlamaRuntime {
  /** The chat format in use, for the logs. */
  readonly chatFormat: string;
  generate(chat: LocalChat, options: RuntimeGenerateOptions): Promise<string>;
  dispose(): Promise<void>;
}

const DEFAULT_CONTEXT_SIZE = 4096;

/** Loads a GGUF model on the CPU with node-llama-cpp's prebuilt binary; never downloads or compiles anything. */
export async function loadLlamaRuntime(options: LlamaRuntimeOptions): Promise<LlamaRuntime> {
  const llama = await getLlama({
    gpu: false,
    build: 'never',
    maxThreads: options.threads,
    progressLogs: false,
    logLevel: LlamaLogLevel.warn,
    logger: (level, message) => {
      if (level === LlamaLogLevel.warn || level === LlamaLogLevel.error || level === LlamaLogLevel.fatal) {
        options.log.warn(`llama.cpp: ${message.trim()}`);
      }
    },
  });
  try {
    const model = await llama.loadModel({ modelPath: options.modelPath });
    const context = await model.createContext({
      contextSize: Math.min(options.contextSize ?? DEFAULT_CONTEXT_SIZE, model.trainContextSize),
      sequences: 1,
      threads: options.threads,
    });
    const sequence = context.getSequence();
    const chatWrapper = chatWrapperFor(model);

    return {
      chatFormat: chatWrapper.wrapperName,

      async generate(chat, generateOptions) {
        // A session per request on the one sequence: history comes from the request, and the sequence keeps
        // the evaluated tokens so a shared prefix (the same persona prompt) is not evaluated again.
        const session = new LlamaChatSession({
          contextSequence: sequence,
          chatWrapper,
          autoDisposeSequence: false,
        });
        try {
          session.setChatHistory(chat.history);
          return await session.prompt(chat.prompt, {
            maxTokens: generateOptions.maxTokens,
            temperature: generateOptions.temperature,
            signal: generateOptions.signal,
            stopOnAbortSignal: false,
            onTextChunk: generateOptions.onTextChunk,
          });
        } finally {
          session.dispose({ disposeSequence: false });
        }
      },

      async dispose() {
        await context.dispose();
        await model.dispose();
        await llama.dispose();
      },
    };
  } catch (error) {
    await llama.dispose();
    throw error;
  }
}

/** The model's own chat format; a model without one (or an unreadable one) gets a plain "User:/Assistant:" format. */
function chatWrapperFor(model: LlamaModel): ChatWrapper {
  try {
    return resolveChatWrapper(model);
  } catch {
    return new GeneralChatWrapper();
  }
}
