import { Route, createRoutesFromElements, type RouteObject } from 'react-router';
import { AuthPage } from '../features/auth/auth-page.js';
import { CharioteerPage } from '../features/charioteer/components/charioteer-page.js';
import { SignupPage } from '../features/auth/signup-page.js';
import { ChatPage } from '../features/chat/components/chat-page.js';
import { AboutPage } from '../features/pages/about-page.js';
import { CreatePage } from '../features/personas/create/create-page.js';
import { EditorRoute } from '../features/editor/index.js';
import { ExplorerPage } from '../features/personas/explorer/explorer-page.js';
import { NotFoundPage } from '../features/pages/not-found-page.js';
import { TosPage } from '../features/pages/tos-page.js';
import { ProfileEditPage } from '../features/profile/profile-edit-page.js';
import { ProfilePage } from '../features/profile/profile-page.js';
import { StudioPage } from '../features/studio/components/studio-page.js';
import { useStudio } from '../features/studio/state/studio-store.js';
import { LANDING_AFTER_SIGN_IN } from '../lib/session-store.js';
import { RequireAuth, VisitorOnly } from './guards.js';
import { AppShell } from './layout/app-shell.js';

/** The Editor's "Send to Studio": features never import each other, so the two meet here. */
const sendToStudioContext = (text: string) => useStudio.getState().sendToContext(text);

/**
 * The routes table of SPEC §2. Static paths outrank /:username, so reserved names never reach it.
 * Route objects, not <Routes>: the app runs on a data router (createBrowserRouter), which is what
 * <ScrollRestoration> and navigation blockers need.
 */
export const appRoutes: RouteObject[] = createRoutesFromElements(
  <Route element={<AppShell />}>
    <Route element={<VisitorOnly redirectTo={LANDING_AFTER_SIGN_IN} />}>
      <Route index element={<AuthPage />} />
      <Route path="auth" element={<AuthPage withModeSwitch />} />
    </Route>
    <Route element={<VisitorOnly redirectTo="/update" />}>
      <Route path="signup" element={<SignupPage />} />
    </Route>
    <Route element={<RequireAuth />}>
      <Route path="update" element={<ProfileEditPage />} />
      <Route path="studio" element={<StudioPage />} />
      <Route path="charioteer" element={<CharioteerPage />} />
      <Route path="editor" element={<EditorRoute sendToContext={sendToStudioContext} />} />
      <Route path="explorer" element={<ExplorerPage />} />
      <Route path="create" element={<CreatePage />} />
      <Route path="chat" element={<ChatPage />} />
      <Route path="chat/:uid" element={<ChatPage />} />
    </Route>
    <Route path="tos" element={<TosPage />} />
    <Route path="about" element={<AboutPage />} />
    <Route path=":username" element={<ProfilePage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Route>,
);
