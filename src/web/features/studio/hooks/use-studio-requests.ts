import { useCallback, useEffect, useRef, useState } from 'react';
import type { Action } from '../../../../contracts/actions.js';
import { WEB_EMPTY_MESSAGE } from '../../../../contracts/ai.js';
import { RECALL_EMPTY_MESSAGE } from '../model/recall.js';
import { askLength, askTooLongMessage } from '../model/ask-limit.js';
import { PRESETS, type PresetId } from '../model/studio-presets.js';
import { buildPresetPrompt, presetCanRun } from '../model/studio-prompt.js';
import { contextChip } from '../model/recall.js';
import { ApiError, describeError } from '../../../lib/api-client.js';
import { AnswerCutOffError, isAbort, lookUpPhrase, streamAiAnswer } from '../api/ai-stream.js';
import { combinedContext, joinContinuation, useStudio } from '../state/studio-store.js';
import type { ShowNotice } from './notice.js';
import { recallIntoContext } from './recall-into-context.js';

/** What runs: a preset, a saved prompt pinned as a shortcut, or one of the two lookups. */
export type StudioRequest =
  | { kind: 'preset'; id: PresetId }
  | { kind: 'prompt'; action: Pick<Action, 'title' | 'memory'> }
  | { kind: 'web' }
  | { kind: 'recall' };

export interface Busy {
  /** What is running, for the loading indicator. */
  label: string;
  /** False until the first words arrive. */
  streaming: boolean;
}

export const BUSY_MESSAGE = 'Wait for the current answer to finish, or press Stop.';

/** After Stop, the server may need a moment to notice; a "busy" refusal this soon is retried. */
const AFTER_STOP_MS = 3000;
const RETRY_DELAY_MS = 400;

function isBusyRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ai_busy';
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

/** What a request is built from right now. */
function currentParts() {
  const studio = useStudio.getState();
  return { input: studio.input, conversation: studio.conversation, context: combinedContext(studio) };
}

function nothingToWorkOn(label: string): string {
  return `Type something in Ask AI or add context first: ${label} needs something to work on.`;
}

/**
 * Runs the studio's requests one at a time (SPEC §4: an in-flight flag blocks new AI requests):
 * streams answers into the output box, keeps what arrived when stopped or cut off, and reports
 * problems through `notify`. Leaving the page stops a running request.
 */
export function useStudioRequests({ notify, items }: { notify: ShowNotice; items: readonly Action[] }) {
  const controller = useRef<AbortController | null>(null);
  const stoppedAt = useRef(0);
  const [busy, setBusy] = useState<Busy | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const stop = useCallback(() => {
    if (!controller.current) return;
    stoppedAt.current = Date.now();
    controller.current.abort();
  }, []);

  const runAi = useCallback(
    async (label: string, instruction: Parameters<typeof buildPresetPrompt>[0], id: PresetId | null) => {
      const parts = currentParts();
      const built = buildPresetPrompt(instruction, parts);
      const continues = id === 'more';
      // "more" continues the latest answer as the model sees it (the user's edits included).
      const base = continues
        ? (parts.conversation.findLast((turn) => turn.role === 'assistant')?.text ?? '')
        : '';
      const asked = parts.input.trim() || `(${label})`;

      const abort = new AbortController();
      controller.current = abort;
      setBusy({ label, streaming: false });
      notify(
        built.contextSelected
          ? {
              kind: 'info',
              text: `Your context is ${contextChip(built.contextChars)} characters, more than one request can carry, so only the passages most relevant to your request were sent (${contextChip(built.contextSentChars)}).`,
            }
          : null,
      );
      let received = '';
      const attempt = () =>
        streamAiAnswer(built.prompt, {
          signal: abort.signal,
          onText: (text) => {
            received = text;
            setBusy({ label, streaming: true });
            useStudio.getState().showStreaming(joinContinuation(base, text));
          },
        });
      try {
        let answer: string | null = null;
        while (answer === null) {
          try {
            answer = await attempt();
          } catch (error) {
            // The request just stopped may still be winding down on the server: try again shortly.
            if (!isBusyRefusal(error) || Date.now() - stoppedAt.current > AFTER_STOP_MS) throw error;
            await wait(RETRY_DELAY_MS, abort.signal);
          }
        }
        useStudio.getState().finishReply({ asked, reply: joinContinuation(base, answer), continues });
      } catch (error) {
        const partial = error instanceof AnswerCutOffError ? error.partial : received;
        if (partial.trim()) {
          useStudio.getState().finishReply({ asked, reply: joinContinuation(base, partial), continues });
        } else {
          useStudio.getState().restoreOutput();
        }
        if (isAbort(error))
          notify({ kind: 'info', text: partial.trim() ? 'Stopped. What arrived is kept.' : 'Stopped.' });
        else notify({ kind: 'error', text: describeError(error) });
      } finally {
        controller.current = null;
        setBusy(null);
      }
    },
    [notify],
  );

  const runWeb = useCallback(async () => {
    const phrase = useStudio.getState().input.trim();
    // SPEC §5: a lookup needs a phrase, and one character is not one.
    if (phrase.length < 2) {
      notify({ kind: 'error', text: WEB_EMPTY_MESSAGE });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setBusy({ label: 'web', streaming: false });
    notify(null);
    try {
      const found = await lookUpPhrase(phrase, abort.signal);
      useStudio.getState().finishReply({
        asked: `web: ${phrase}`,
        reply: found.text,
        web: { title: found.title, url: found.url, note: found.note, source: found.source },
      });
    } catch (error) {
      notify(
        isAbort(error) ? { kind: 'info', text: 'Stopped.' } : { kind: 'error', text: describeError(error) },
      );
    } finally {
      controller.current = null;
      setBusy(null);
    }
  }, [notify]);

  const run = useCallback(
    async (request: StudioRequest) => {
      if (controller.current) {
        notify({ kind: 'info', text: BUSY_MESSAGE });
        return;
      }
      const parts = currentParts();
      if (request.kind === 'web') return runWeb();
      if (request.kind === 'recall') {
        const term = parts.input.trim();
        if (!term) return notify({ kind: 'error', text: RECALL_EMPTY_MESSAGE });
        return notify(recallIntoContext(items, term));
      }
      // Over the limit nothing is sent: cutting the request would answer a question the user did not ask.
      if (askLength(parts.input) === 'over')
        return notify({ kind: 'error', text: askTooLongMessage(parts.input) });
      if (request.kind === 'prompt') {
        const hasAnything = Boolean(parts.input.trim() || parts.context.trim() || parts.conversation.length);
        if (!hasAnything) return notify({ kind: 'info', text: nothingToWorkOn(request.action.title) });
        return runAi(request.action.title, request.action.memory, null);
      }
      const preset = PRESETS[request.id];
      if (!presetCanRun(request.id, parts)) {
        // SPEC §5: Ask AI (and fast) with an empty input simply does nothing (but ends the last notice).
        if (request.id === 'ask' || request.id === 'fast') return notify(null);
        const text =
          request.id === 'more'
            ? 'Ask something first: more continues the last answer.'
            : nothingToWorkOn(preset.label);
        return notify({ kind: 'info', text });
      }
      return runAi(preset.label, preset, request.id);
    },
    [items, notify, runAi, runWeb],
  );

  return { run, stop, busy };
}
