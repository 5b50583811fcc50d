import { useCallback, useEffect, useRef, useState } from 'react';
import type { AskPassword, PasswordRequest } from '../../lib/pdf/pdf-password.js';

interface Pending extends PasswordRequest {
  answer: (password: string | null) => void;
}

/**
 * Asking for PDF passwords from code that reads files: `ask` resolves with what the person typed, or
 * null when they skip. Questions wait their turn, one dialog at a time; leaving the page answers null.
 * Render `<PasswordDialog {...dialog} />` with the returned props.
 */
export function usePasswordPrompt() {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const live = useRef(true);

  const ask: AskPassword = useCallback((request) => {
    const turn = queue.current.then(
      () =>
        new Promise<string | null>((resolve) => {
          if (!live.current) return resolve(null);
          const next = { ...request, answer: resolve };
          pendingRef.current = next;
          setPending(next);
        }),
    );
    queue.current = turn;
    return turn;
  }, []);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      pendingRef.current?.answer(null);
      pendingRef.current = null;
    };
  }, []);

  const answer = (password: string | null) => {
    pending?.answer(password);
    pendingRef.current = null;
    setPending(null);
  };

  return {
    ask,
    dialog: {
      request: pending ? { name: pending.name, incorrect: pending.incorrect } : null,
      onSubmit: (password: string) => answer(password),
      onSkip: () => answer(null),
    },
  };
}
