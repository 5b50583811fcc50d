import { Link } from 'react-router';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import type { Notice } from './editor-types.js';

/** The outcome of the last action; after a send to the Studio, it links there. */
export function EditorNotice({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <InlineMessage kind={notice.kind}>
      {notice.text}
      {notice.studioLink ? (
        <>
          {' '}
          <Link to="/studio">Open the Studio</Link>
        </>
      ) : null}
    </InlineMessage>
  );
}
