import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROMPT_PRIVACY_NOTE } from '../../../components/persona-fields/persona-fields.js';
import { describe, expect, it } from 'vitest';
import { buildSelfUser } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { SAGE as sage, personaApi } from '../../../test/persona-api.js';

const me = buildSelfUser({ username: 'ada' });
const toggle = () => screen.getByRole('button', { name: 'Edit AI' });
const panel = () => screen.getByRole('region', { name: 'Edit AI' });
const box = (name: RegExp) => within(panel()).getByRole('textbox', { name });

describe('persona profile', () => {
  it('shows name, @username, bio, the AI badge, its tag and a Message button', async () => {
    personaApi({ ...sage, createdByUsername: 'grace', prompt: undefined, memory: undefined });
    renderApp('/sage', { user: me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sage' })).toBeInTheDocument();
    expect(screen.getByText('@sage')).toBeInTheDocument();
    expect(screen.getByText('Calm answers.')).toBeInTheDocument();
    expect(screen.getByText('AI', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More Philosophy personas' })).toHaveTextContent('Philosophy');
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/chat/:sage');
    expect(screen.getByRole('link', { name: '@grace' })).toHaveAttribute('href', '/grace');
    expect(screen.getByRole('link', { name: '@grace' }).parentElement).toHaveTextContent('Created by @grace');
  });

  it('credits a starter persona to Simplified, with no link to a profile that does not exist', async () => {
    personaApi({ ...sage, createdByUsername: 'simplified', prompt: undefined, memory: undefined });
    renderApp('/sage', { user: me });
    expect(await screen.findByText('Created by Simplified')).toBeInTheDocument();
    expect(screen.queryByText(/@simplified/)).not.toBeInTheDocument();
    expect(document.querySelector('a[href="/simplified"]')).toBeNull();
  });

  it('hides the edit panel, Edit bio and the export links from everyone but the creator', async () => {
    personaApi({ ...sage, createdByUsername: 'grace', prompt: undefined, memory: undefined });
    renderApp('/sage?edit=ai', { user: me });
    await screen.findByRole('heading', { level: 1, name: 'Sage' });
    expect(screen.queryByRole('button', { name: 'Edit AI' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Edit AI' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit bio' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Export card/ })).not.toBeInTheDocument();
  });

  it('gives the creator export links for the card as JSON and PNG downloads', async () => {
    personaApi(sage);
    renderApp('/sage', { user: me });
    const json = await screen.findByRole('link', { name: 'Export card (JSON)' });
    expect(json).toHaveAttribute('href', '/api/ai/cards/sage?format=json');
    expect(json).toHaveAttribute('download', 'sage.json');
    const png = screen.getByRole('link', { name: 'Export card (PNG)' });
    expect(png).toHaveAttribute('href', '/api/ai/cards/sage?format=png');
    expect(png).toHaveAttribute('download', 'sage.png');
  });

  it('toggles the creator’s edit panel, filled with the persona’s fields and limits', async () => {
    personaApi(sage);
    const user = userEvent.setup();
    renderApp('/sage', { user: me });
    await screen.findByRole('heading', { level: 1, name: 'Sage' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Edit AI' })).not.toBeInTheDocument();

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveAttribute('aria-controls', panel().id);
    expect(box(/^AI name/)).toHaveValue('Sage');
    expect(box(/^Bio/)).toHaveValue('Calm answers.');
    expect(box(/^Prompt/)).toHaveValue('You are calm.');
    // Honest about privacy: hidden in the app is not hidden from the model's replies.
    expect(box(/^Prompt/)).toHaveAccessibleDescription(expect.stringContaining(PROMPT_PRIVACY_NOTE));
    expect(box(/^Memory/)).toHaveValue('Likes tea.');
    expect(within(panel()).getByRole('combobox', { name: /^Tag/ })).toHaveValue('Philosophy');
    // Bio and prompt are both 13 characters long, each against the panel's 1000.
    expect(within(panel()).getAllByText('13/1000')).toHaveLength(2);
    expect(within(panel()).getByText('10/10000')).toBeInTheDocument();
    expect(within(panel()).getByText('4/1000')).toBeInTheDocument();

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Edit AI' })).not.toBeInTheDocument();
  });

  it('opens the panel at the bio from the Edit bio link', async () => {
    personaApi(sage);
    const user = userEvent.setup();
    renderApp('/sage', { user: me });
    await user.click(await screen.findByRole('link', { name: 'Edit bio' }));
    await waitFor(() => expect(box(/^Bio/)).toHaveFocus());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it('saves through updateAiFields, voice included, shows Saved and updates the profile', async () => {
    const { calls } = personaApi({ ...sage, voice: { name: '', rate: 1.5, pitch: 0.8 } });
    const user = userEvent.setup();
    renderApp('/sage?edit=ai', { user: me });
    await screen.findByRole('region', { name: 'Edit AI' });
    await user.clear(box(/^AI name/));
    await user.type(box(/^AI name/), 'Sage the Wise!');
    await user.type(box(/^Memory/), ' Hates <b>tags</b>.');
    // The opening message keeps only what a persona's reply may hold: the ! and the quotes go.
    await user.type(box(/^Opening message/), 'Hello! What\'s on your "mind"?');
    await user.selectOptions(within(panel()).getByRole('combobox', { name: /^Tag/ }), 'History');
    const voice = within(panel()).getByRole('group', { name: 'Read-aloud voice' });
    expect(within(voice).getByRole('slider', { name: 'Rate' })).toHaveValue('1.5');
    await user.selectOptions(within(voice).getByRole('combobox', { name: 'Voice' }), 'Fake voice');
    fireEvent.change(within(voice).getByRole('slider', { name: 'Pitch' }), { target: { value: '1.2' } });
    await user.click(within(panel()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      id: sage._id,
      name: 'Sage the Wise',
      bio: 'Calm answers.',
      prompt: 'You are calm.',
      memory: 'Likes tea. Hates btagsb.',
      openingMessage: "Hello What's on your mind?",
      tag: 'History',
      voice: { name: 'Fake voice', rate: 1.5, pitch: 1.2 },
      rating: 'general',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Sage the Wise' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More History personas' })).toBeInTheDocument();
  });

  it('shows the server’s error and keeps the edits', async () => {
    personaApi(sage, () => ({
      status: 403,
      body: { error: 'Only the creator of this persona can change it' },
    }));
    const user = userEvent.setup();
    renderApp('/sage?edit=ai', { user: me });
    await screen.findByRole('region', { name: 'Edit AI' });
    await user.type(box(/^Bio/), ' More.');
    await user.click(within(panel()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the creator of this persona can change it',
    );
    expect(box(/^Bio/)).toHaveValue('Calm answers. More.');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('refuses to save without a name, sending nothing', async () => {
    const { calls } = personaApi(sage);
    const user = userEvent.setup();
    renderApp('/sage?edit=ai', { user: me });
    await screen.findByRole('region', { name: 'Edit AI' });
    await user.clear(box(/^AI name/));
    await user.click(within(panel()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});
