import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { sendAs } from './support/chat.js';
import { createPersona, newPersonaUsername } from './support/personas.js';
import { createUser, newCredentials, signIn, type Credentials } from './support/users.js';

// The accessibility gate: axe-core on every route of src/web/app/routes.tsx, in both themes, at a
// phone's and a laptop's width. Nothing serious or critical may be found.

const WIDTHS = [375, 1280] as const;
const THEMES = ['light', 'star'] as const;
const BLOCKING = new Set(['serious', 'critical']);

interface Scene {
  name: string;
  path: string;
  /** What shows the page is ready; the page's h1 unless said otherwise. */
  ready?: (page: Page) => Locator;
  /** Brings the page into the state to check (an open menu, a refused form…). */
  act?: (page: Page) => Promise<void>;
}

const heading = (page: Page) => page.locator('main h1').first();

/** Opens `path` in `theme` at `width`, waits for it, and returns what axe found that blocks the gate. */
async function blockingViolations(page: Page, scene: Scene, width: number, theme: string): Promise<string[]> {
  await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
  await page.evaluate((star) => {
    if (star) window.localStorage.setItem('theme', 'star');
    else window.localStorage.removeItem('theme');
  }, theme === 'star');
  await page.goto(scene.path);
  await expect((scene.ready ?? heading)(page)).toBeVisible();
  if (scene.act) await scene.act(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const where = violation.nodes
        .slice(0, 4)
        .map(
          (node) =>
            `${node.target.join(' ')}${node.failureSummary ? ` [${node.failureSummary.split('\n')[1]?.trim() ?? ''}]` : ''}`,
        )
        .join('; ');
      return `${scene.name} at ${width} px, ${theme}: ${violation.id} (${violation.impact}) ${violation.help}: ${where}`;
    });
}

async function checkScene(page: Page, scene: Scene): Promise<void> {
  const found: string[] = [];
  for (const width of WIDTHS)
    for (const theme of THEMES) found.push(...(await blockingViolations(page, scene, width, theme)));
  expect(found).toEqual([]);
}

test.use({ reducedMotion: 'reduce' });

test.describe('accessibility gate, visitor pages', () => {
  const scenes: Scene[] = [
    { name: 'login', path: '/' },
    { name: 'auth, login mode', path: '/auth' },
    { name: 'auth, signup mode', path: '/auth?mode=signup' },
    { name: 'signup', path: '/signup' },
    {
      name: 'signup with every error shown',
      path: '/signup',
      act: async (page) => {
        await page.getByRole('button', { name: 'Create account' }).click();
        await expect(page.getByRole('alert')).toBeVisible();
      },
    },
    { name: 'terms', path: '/tos' },
    { name: 'about', path: '/about' },
    {
      name: 'a profile address',
      path: '/someone',
      ready: (page) => page.getByText(/Hello internet traveller/),
    },
    { name: 'not found', path: '/no/such/page' },
  ];
  for (const scene of scenes) {
    test(`${scene.name} (${scene.path})`, async ({ page }) => {
      await page.goto('/about');
      await checkScene(page, scene);
    });
  }
});

test.describe('accessibility gate, signed-in pages', () => {
  const me = newCredentials('axe');
  const other = newCredentials('axefriend');
  const persona = newPersonaUsername('axe');
  const ROOM = 'Axe room';
  let roomPath = '/chat';
  let ready: Promise<void> | undefined;

  /** The people, persona and conversation the pages show, made once for the whole group. */
  async function setUp(page: Page, credentials: Credentials): Promise<void> {
    const request = page.context().request;
    await createUser(request, credentials);
    const friend = await createUser(request, other);
    await sendAs(request, credentials, friend._id, 'Hello! Shall we meet on Friday?');
    await signIn(page, credentials);
    const checker = await createPersona(page.request, {
      username: persona,
      name: 'Axe Checker',
      tag: 'Helper',
      bio: 'Checks every page for barriers, kindly and thoroughly.',
    });
    // A conversation with the persona, so its chat shows the persona tools.
    await sendAs(request, credentials, checker._id, 'Hello, checker.');
    const room = await page.request.post('/api/rooms', {
      data: { name: ROOM, people: [other.username], personas: [persona], replyMode: 'mentioned' },
    });
    expect(room.status(), await room.text()).toBe(201);
    roomPath = `/chat/room/${((await room.json()) as { _id: string })._id}`;
  }

  /** A room's scene: its address is known once setUp made the room. */
  const roomScene = (name: string, act?: Scene['act']): Scene => ({
    name,
    get path() {
      return roomPath;
    },
    ready: (page) => page.getByRole('textbox', { name: `Message ${ROOM}` }),
    act,
  });

  test.beforeEach(async ({ page }) => {
    ready ??= setUp(page, me);
    await ready;
    await signIn(page, me);
  });

  const scenes: Scene[] = [
    { name: 'AI messenger', path: '/chat/:ai' },
    { name: 'chat without a conversation', path: '/chat', ready: (page) => page.getByRole('main') },
    { name: 'a direct message', path: `/chat/:${other.username}` },
    {
      name: 'a persona chat with its tools',
      path: `/chat/:${persona}`,
      ready: (page) => page.getByRole('group', { name: `Tools for @${persona}` }),
    },
    roomScene('a room'),
    roomScene('a room with its members panel', async (page) => {
      await page.getByRole('button', { name: /Members/ }).click();
      await expect(page.getByRole('dialog', { name: 'Members' })).toBeVisible();
    }),
    {
      name: 'the new room dialog',
      path: '/chat',
      act: async (page) => {
        // On a phone the inbox, and its New room, are in the contacts drawer.
        const drawer = page.getByRole('button', { name: 'Open contacts' });
        if (await drawer.isVisible()) await drawer.click();
        await page.getByRole('button', { name: 'New room' }).click();
        await expect(page.getByRole('dialog', { name: 'New room' })).toBeVisible();
      },
    },
    { name: 'persona explorer', path: '/explorer' },
    { name: 'persona create', path: '/create' },
    { name: 'a persona profile', path: `/${persona}` },
    {
      name: 'a persona profile with its edit panel',
      path: `/${persona}?edit=ai`,
      ready: (page) => page.getByRole('region', { name: 'Edit AI' }),
    },
    { name: 'own profile', path: `/${me.username}` },
    { name: "another user's profile", path: `/${other.username}` },
    { name: 'profile edit', path: '/update' },
    { name: 'studio', path: '/studio' },
    {
      name: 'studio with Pro/Max',
      path: '/studio',
      act: async (page) => {
        // The Studio remembers Pro/Max across visits: the scene's earlier theme or width may have turned it on.
        const toggle = page.getByRole('button', { name: 'Pro/Max' });
        if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
        await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      },
    },
    { name: 'editor', path: '/editor', ready: (page) => page.getByRole('main') },
    { name: 'charioteer', path: '/charioteer', ready: (page) => page.getByRole('main') },
    { name: 'terms', path: '/tos' },
    { name: 'about', path: '/about' },
    { name: 'not found', path: '/no/such/page' },
    {
      name: 'the open @ menu',
      path: '/studio',
      act: async (page) => {
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('menu', { name: 'Menu' })).toBeVisible();
      },
    },
  ];
  // Titles leave out the generated usernames: a worker must find each test under the same title.
  for (const scene of scenes) {
    test(scene.name, async ({ page }) => {
      await checkScene(page, scene);
    });
  }
});
