import { useCallback, useRef } from 'react';
import { openWithPassword, type AskPassword } from '../../../lib/pdf/pdf-password.js';
import { openPdf, type PdfDocument } from '../pdf/pdfjs.js';

/**
 * Opens the Editor's PDFs, asking for a protected one's password. A password that worked is kept in
 * memory for this visit only (switching tabs and the intake report reuse it), never in the browser's
 * storage: after a reload a protected file asks again.
 */
export function usePdfOpener(ask: AskPassword) {
  const passwords = useRef(new Map<string, string>());

  const open = useCallback(
    async (id: string, name: string, bytes: Uint8Array): Promise<PdfDocument> => {
      const opened = await openWithPassword(
        name,
        (password) => openPdf(bytes, password),
        ask,
        passwords.current.get(id),
      );
      if (opened.password !== undefined) passwords.current.set(id, opened.password);
      return opened.value;
    },
    [ask],
  );

  const passwordFor = useCallback((id: string) => passwords.current.get(id), []);
  const forget = useCallback((id: string) => passwords.current.delete(id), []);
  const forgetAll = useCallback(() => passwords.current.clear(), []);

  return { open, passwordFor, forget, forgetAll };
}
