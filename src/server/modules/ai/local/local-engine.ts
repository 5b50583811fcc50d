import { existsSync } from 'node:fs';
import path from 'node:path';
import { AI_NOT_READY } from '../../../../contracts/ai.js';
import {
  AiUnavailableError,
  type AiEngine,
  type AiStatus,
  type EngineLog,
  type GenerateRequest,
} from '../engine.js';
import { toLocalChat } from './chat-history.js';
import { createProgressBar } from './download-progress.js';
import { GenerationQueue } from './generation-queue.js';
import { loadLlamaRuntime, type LlamaRuntime } from './llama-runtime.js';
import { downloadModel, hasGgufMagic, ModelDownloadError } from './model-download.js';
import {
  ModelSourceError,
  parseModelSource,
  resolveHuggingFaceRepo,
  type ModelSource,
} from './model-source.js';

export interface LocalEngineOptions {
  /** LOCAL_MODEL: a .gguf path, an http(s) URL or an hf: URI. */
  model: string;
  dataDir: string;
  threads: number;
  contextSize?: number;
  /** How many requests may wait while one generates. */
  maxQueue: number;
  log: EngineLog;
}

const PROVIDER = 'local';
/** The engine's own cap on one answer, whatever the request asks. */
export const MAX_OUTPUT_TOKENS = 1024;
const DEFAULT_TEMPERATURE = 0.7;
const HOSTED =
  'or set AI_PROVIDER to a hosted provider (openai-compatible with AI_BASE_URL and AI_MODEL, anthropic or google with AI_API_KEY)';
const RESTART = 'then restart the server (see "Offline, or no internet" in the README)';

/** The model cannot be used until the operator acts: what failed (the message) and the steps to fix it. */
class LocalModelError extends Error {
  constructor(
    problem: string,
    readonly steps: string[],
  ) {
    super(problem);
  }
}

/** Any failure while preparing the model, as a problem and steps for the operator. */
function explain(error: unknown): { problem: string; steps: string[] } {
  if (error instanceof LocalModelError) return { problem: error.message, steps: error.steps };
  if (error instanceof ModelSourceError) return { problem: error.message, steps: [HOSTED, RESTART] };
  return {
    problem: `The local AI model could not be prepared: ${errorText(error)}.`,
    steps: ['Set LOCAL_MODEL to another .gguf model', HOSTED, RESTART],
  };
}

/**
 * The local provider: downloads LOCAL_MODEL into DATA_DIR/models if needed, loads it with node-llama-cpp and
 * serves one generation at a time, all in the background so the server starts at once. Until the model is
 * ready, calls fail with AiUnavailableError saying why.
 */
export function createLocalEngine(options: LocalEngineOptions): AiEngine {
  const { log } = options;
  const lifetime = new AbortController();
  const queue = new GenerationQueue(options.maxQueue);
  const running = new Set<Promise<unknown>>();
  let status: AiStatus = { state: 'loading', provider: PROVIDER };
  let runtime: LlamaRuntime | undefined;
  let closed = false;

  const startup = prepare().catch((error: unknown) => {
    if (closed) return;
    const { problem, steps } = explain(error);
    status = { state: 'unavailable', provider: PROVIDER, detail: [problem, ...steps].join(' ') };
    log.actionNeeded(`AI replies are off: ${problem}`, steps);
  });

  async function prepare(): Promise<void> {
    // Synchronous up to the download, so the status says 'downloading' from the start when it must.
    const parsed = parseModelSource(options.model, options.dataDir);
    if (parsed.kind === 'download') status = downloadingStatus(0);
    const source =
      parsed.kind === 'huggingface-repo'
        ? await resolveHuggingFaceRepo(parsed, options.dataDir, { signal: lifetime.signal })
        : parsed;
    const modelPath = source.kind === 'download' ? await download(source) : await checkFile(source.path);
    if (closed) return;
    const name = path.basename(modelPath);
    status = { state: 'loading', provider: PROVIDER };
    let loaded: LlamaRuntime;
    try {
      loaded = await loadLlamaRuntime({
        modelPath,
        threads: options.threads,
        contextSize: options.contextSize,
        log,
      });
    } catch (error) {
      throw new LocalModelError(`Could not load the AI model ${modelPath}: ${errorText(error)}.`, [
        'Set LOCAL_MODEL to another .gguf model',
        HOSTED,
        RESTART,
      ]);
    }
    if (closed) return void (await loaded.dispose());
    runtime = loaded;
    status = { state: 'ready', provider: PROVIDER };
    log.info(
      `Local AI model ${name} is ready (${options.threads} threads, ${loaded.chatFormat} chat format).`,
    );
  }

  async function download(source: Extract<ModelSource, { kind: 'download' }>): Promise<string> {
    status = downloadingStatus(0);
    log.info(`Downloading the AI model ${source.url} to ${source.path} (once).`);
    const bar = createProgressBar(
      `Downloading ${source.fileName}`,
      process.stderr,
      process.stderr.isTTY ? undefined : (text) => log.info(text),
    );
    try {
      await downloadModel({
        url: source.url,
        destination: source.path,
        signal: lifetime.signal,
        log: (text) => log.info(text),
        onProgress: (fraction, bytes, total) => {
          bar.update(fraction, bytes, total);
          status = downloadingStatus(fraction);
        },
      });
    } catch (error) {
      if (closed || !(error instanceof ModelDownloadError)) throw error;
      const problem =
        error.failure === 'not-gguf'
          ? `${source.url} did not send a GGUF model file, so the download was deleted.`
          : `Could not download the AI model from ${source.url} (${error.reason}).`;
      throw new LocalModelError(problem, [
        `Put the .gguf file at ${source.path} (download it on a machine that can reach ${source.url})`,
        'or set LOCAL_MODEL to a .gguf file or a URL this server can reach',
        HOSTED,
        RESTART,
      ]);
    } finally {
      bar.done();
    }
    return source.path;
  }

  async function checkFile(modelPath: string): Promise<string> {
    const fix = ['or set LOCAL_MODEL to another .gguf file, a URL or an hf: URI', HOSTED, RESTART];
    if (!existsSync(modelPath)) {
      throw new LocalModelError(`The AI model file ${modelPath} does not exist.`, [
        'Put the .gguf file there',
        ...fix,
      ]);
    }
    if (!(await hasGgufMagic(modelPath))) {
      throw new LocalModelError(`${modelPath} is not a GGUF model file.`, [
        'Replace it with a .gguf model',
        ...fix,
      ]);
    }
    return modelPath;
  }

  /** Why a call cannot be served, in words for people: the operator's detail stays in the log. */
  function notReady(): AiUnavailableError {
    if (closed) return new AiUnavailableError(AI_NOT_READY.closing);
    if (status.state === 'downloading')
      return new AiUnavailableError(AI_NOT_READY.downloading(status.progress ?? 0));
    if (status.state === 'loading') return new AiUnavailableError(AI_NOT_READY.loading);
    return new AiUnavailableError(AI_NOT_READY.unavailable);
  }

  /** Runs one request when its turn comes; everything before the first await happens at call time, in call order. */
  async function run(request: GenerateRequest, onTextChunk?: (text: string) => void): Promise<string> {
    if (!runtime || closed) throw notReady();
    const chat = toLocalChat(request.messages);
    const signal = request.signal ? AbortSignal.any([request.signal, lifetime.signal]) : lifetime.signal;
    const release = await queue.acquire(signal);
    try {
      if (!runtime || closed) throw notReady();
      const work = runtime.generate(chat, {
        maxTokens: Math.max(1, Math.min(request.maxOutputTokens ?? MAX_OUTPUT_TOKENS, MAX_OUTPUT_TOKENS)),
        temperature: request.temperature ?? DEFAULT_TEMPERATURE,
        signal,
        onTextChunk,
      });
      running.add(work);
      try {
        return await work;
      } finally {
        running.delete(work);
      }
    } finally {
      release();
    }
  }

  return {
    status: () => ({ ...status }),

    generate: (request) => run(request),

    async *stream(request) {
      // The consumer may stop early (a closed tab): that aborts the generation and frees the model.
      const stop = new AbortController();
      const signal = request.signal ? AbortSignal.any([request.signal, stop.signal]) : stop.signal;
      const chunks: string[] = [];
      let wake: (() => void) | undefined;
      let finished = false;
      let failure: unknown;
      const done = run({ ...request, signal }, (text) => {
        chunks.push(text);
        wake?.();
      }).then(
        () => void (finished = true),
        (error: unknown) => void ((failure = error), (finished = true)),
      );
      void done.then(() => wake?.());
      try {
        for (;;) {
          const next = chunks.shift();
          if (next !== undefined) {
            if (next !== '') yield next;
            continue;
          }
          if (finished) {
            if (failure !== undefined) throw failure;
            return;
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      } finally {
        stop.abort();
        await done;
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      lifetime.abort(new AiUnavailableError(AI_NOT_READY.closing));
      queue.rejectWaiting(new AiUnavailableError(AI_NOT_READY.closing));
      await startup;
      await Promise.allSettled([...running]);
      const loaded = runtime;
      runtime = undefined;
      status = { state: 'unavailable', provider: PROVIDER, detail: 'The server is shutting down.' };
      await loaded?.dispose();
    },
  };
}

function downloadingStatus(progress: number): AiStatus {
  return { state: 'downloading', provider: PROVIDER, progress };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
