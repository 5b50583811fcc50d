import { Suspense, lazy, useState, type ComponentType } from 'react';
import { Outlet, Route, createRoutesFromElements, type RouteObject } from 'react-router';
import { AuthPage } from '../features/auth/auth-page.js';
import { SignupPage } from '../features/auth/signup-page.js';
import { EditorRoute } from '../features/editor/index.js';
import { AboutPage } from '../features/pages/about-page.js';
import { NotFoundPage } from '../features/pages/not-found-page.js';
import { TosPage } from '../features/pages/tos-page.js';
import { useStudio } from '../features/studio/state/studio-store.js';
import { LANDING_AFTER_SIGN_IN } from '../lib/session-store.js';
import { RequireAuth, VisitorOnly } from './guards.js';
import { AppShell } from './layout/app-shell.js';

/** What fetches each lazily loaded page's code; see preloadPages. */
const pageLoaders: Array<() => Promise<unknown>> = [];

/**
 * A page in a chunk of its own, fetched on its first visit. The login page's bundle holds the shell and
 * the visitor's pages: auth, the two short documents (a few KiB, and a reader who scrolls one at once
 * finds it there) and 404. `pick` names the page's export.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  let loaded: ComponentType | undefined;
  const loadPage = () => load().then((module) => (loaded = pick(module)));
  pageLoaders.push(loadPage);
  const Lazy = lazy(() => loadPage().then((page) => ({ default: page })));
  return function Page() {
    // Code already here renders at once, without a Suspense round. Chosen once per mount: switching from
    // Lazy to the page itself later would mount the page afresh and lose its state.
    const [Shown] = useState(() => loaded ?? Lazy);
    return <Shown />;
  };
}

/** Fetches every lazily loaded page now; pages rendered afterwards show at once (the tests render so). */
export function preloadPages(): Promise<unknown> {
  return Promise.all(pageLoaders.map((loadPage) => loadPage()));
}

const StudioPage = lazyPage(
  () => import('../features/studio/components/studio-page.js'),
  (m) => m.StudioPage,
);
const CharioteerPage = lazyPage(
  () => import('../features/charioteer/components/charioteer-page.js'),
  (m) => m.CharioteerPage,
);
const ExplorerPage = lazyPage(
  () => import('../features/personas/explorer/explorer-page.js'),
  (m) => m.ExplorerPage,
);
const CreatePage = lazyPage(
  () => import('../features/personas/create/create-page.js'),
  (m) => m.CreatePage,
);
const ChatPage = lazyPage(
  () => import('../features/chat/components/chat-page.js'),
  (m) => m.ChatPage,
);
const ProfileEditPage = lazyPage(
  () => import('../features/profile/profile-edit-page.js'),
  (m) => m.ProfileEditPage,
);
const ModerationPage = lazyPage(
  () => import('../features/moderation/moderation-page.js'),
  (m) => m.ModerationPage,
);
const ProfilePage = lazyPage(
  () => import('../features/profile/profile-page.js'),
  (m) => m.ProfilePage,
);

/**
 * Where a page whose chunk is on its way waits. Moves between pages are transitions (the data router
 * starts them so), and React keeps a boundary that already shows content: the current page stays until
 * the next one can render, with its title for the shell's focus move. Only a first visit shows this.
 */
function PageChunks() {
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <Outlet />
    </Suspense>
  );
}

/** The Editor's "Send to Studio": features never import each other, so the two meet here. */
const sendToStudioContext = (text: string) => useStudio.getState().sendToContext(text);

/**
 * The routes table of SPEC §2. Static paths outrank /:username, so reserved names never reach it.
 * Route objects, not <Routes>: the app runs on a data router (createBrowserRouter), which is what
 * <ScrollRestoration> and navigation blockers need.
 */
export const appRoutes: RouteObject[] = createRoutesFromElements(
  <Route element={<AppShell />}>
    <Route element={<PageChunks />}>
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
        <Route path="chat/room/:roomId" element={<ChatPage />} />
        <Route path="moderation" element={<ModerationPage />} />
      </Route>
      <Route path="tos" element={<TosPage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path=":username" element={<ProfilePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </Route>,
);
