import { lazy, Suspense } from 'react';

// pdf.js's viewer is large: it loads only when the Editor is opened.
const EditorPage = lazy(() => import('./components/editor-page.js').then((m) => ({ default: m.EditorPage })));

/** The /editor route. */
export function EditorRoute() {
  return (
    <Suspense fallback={<p role="status">Loading the Editor…</p>}>
      <EditorPage />
    </Suspense>
  );
}
