/** One turn of a chat, as every provider takes it. */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateRequest {
  messages: ChatTurn[];
  /** Upper bound on generated tokens; the engine applies its own maximum too. */
  maxOutputTokens?: number;
  temperature?: number;
  /** Aborting stops generation upstream (a closed browser tab, a timeout). */
  signal?: AbortSignal;
}

export type AiState = 'ready' | 'downloading' | 'loading' | 'unavailable' | 'off';

/** The engine's state; GET /api/ai/status shows people only `state` and `progress`. */
export interface AiStatus {
  state: AiState;
  provider: string;
  /** 0..1 while a model downloads. */
  progress?: number;
  /** For the operator only (the log): what failed and what to change. May name paths, addresses and settings. */
  detail?: string;
}

/** The engine every AI feature goes through, whatever the provider. */
export interface AiEngine {
  status(): AiStatus;
  /** The whole answer at once. */
  generate(request: GenerateRequest): Promise<string>;
  /** The answer as text chunks while it is generated. */
  stream(request: GenerateRequest): AsyncIterable<string>;
  close(): Promise<void>;
}

/** Where an engine reports to the operator. */
export interface EngineLog {
  info(message: string): void;
  warn(message: string): void;
  /**
   * AI cannot work until the operator acts: what failed and the steps to fix it (paths, addresses, settings).
   * Goes to the log and, readable, to the console; never to users.
   */
  actionNeeded(problem: string, steps: string[]): void;
}

/** An AI call that cannot be served now (still downloading, queue full, provider off); maps to 503. Its message is for people. */
export class AiUnavailableError extends Error {}

/** An error as logs may carry it: its kind and message, never a provider's echo of the prompt. */
export function describeAiError(error: unknown): { name: string; message: string; status?: number } {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const status = (error as { statusCode?: unknown }).statusCode;
  return {
    name: error.name,
    message: error.message.slice(0, 300),
    ...(typeof status === 'number' ? { status } : {}),
  };
}
