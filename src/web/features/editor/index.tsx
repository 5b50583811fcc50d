import { lazy, Suspense } from 'react';
import type { SendToContext } from './components/editor-types.js';
import { forgetEditorDocumentsOnLogout } from './lib/forget-on-logout.js';

// Listens from app start, not only while the Editor is open: logging out from any page clears its PDFs.
forgetEditorDocumentsOnLogout();

// pdf.js's viewer is large: it loads only when the Editor is opened.
const EditorPage = lazy(() => import('./components/editor-page.js').then((m) => ({ default: m.EditorPage })));

/** The /editor route; `sendToContext` is how its "Send to Studio" reaches the Studio. */
export function EditorRoute({ sendToContext }: { sendToContext: SendToContext }) {
  return (
    <Suspense fallback={<p role="status">Loading the Editor…</p>}>
      <EditorPage sendToContext={sendToContext} />
    </Suspense>
  );
}
