import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session-store.js';

/** Pages for signed-in users only (SPEC §2/§6): visitors go to /auth. */
export function RequireAuth() {
  const user = useSession((state) => state.user);
  const landing = useSession((state) => state.landing);
  const clearLanding = useSession((state) => state.clearLanding);

  // Reaching a signed-in page completes the post-login journey.
  useEffect(() => {
    if (user && landing) clearLanding();
  }, [user, landing, clearLanding]);

  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/**
 * Pages for visitors only. A signed-in user is sent to `redirectTo`, except right after logging in
 * or signing up on this very page, when the session's landing page (the messenger) wins.
 */
export function VisitorOnly({ redirectTo }: { redirectTo: string }) {
  const user = useSession((state) => state.user);
  const landing = useSession((state) => state.landing);
  if (user) return <Navigate to={landing ?? redirectTo} replace />;
  return <Outlet />;
}
