import { Navigate, useParams } from 'react-router';
import { PlaceholderPage } from './placeholder-page.js';

/**
 * /chat and /chat/:{username}. The target comes after a literal colon (SPEC §2); an address without
 * it (/chat/ai) is sent to its canonical form. The messenger itself arrives in later work.
 */
export function ChatPlaceholderPage() {
  const { uid } = useParams();
  if (uid !== undefined && !uid.startsWith(':')) return <Navigate to={`/chat/:${uid}`} replace />;
  const target = uid?.slice(1).trim() ?? '';
  if (target === '') {
    return (
      <PlaceholderPage title="Messages">
        <p>Pick someone to talk to. Your conversations will be listed here.</p>
      </PlaceholderPage>
    );
  }
  return (
    <PlaceholderPage title={`Chat with @${target}`} showAiLink={false}>
      <p>
        Your conversation with <strong>@{target}</strong> will appear here. The messenger is being built.
      </p>
    </PlaceholderPage>
  );
}
