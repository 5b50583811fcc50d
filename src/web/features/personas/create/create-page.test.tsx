import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { PROMPT_PRIVACY_NOTE } from '../../../components/persona-fields/persona-fields.js';
import { DEFAULT_VOICE } from '../../../../contracts/voices.js';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.js';
import { buildProfile, buildSelfUser } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';

const me = buildSelfUser({ username: 'ada' });
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const location = () => screen.getByTestId('location').textContent;
const created = buildProfile({
  username: 'sagebot',
  name: 'Sage Bot',
  isAi: true,
  tag: 'Philosophy',
  createdByUsername: 'ada',
  bio: 'Calm answers to big questions.',
  prompt: 'You are a calm philosopher.',
  memory: '',
});

async function fillForm(user: UserEvent) {
  await user.type(field(/^Name/), 'Sage Bot');
  await user.type(field(/^Username/), 'sagebot');
  await user.type(field(/^Bio/), 'Calm answers to big questions.');
  await user.type(field(/^Prompt/), 'You are a calm philosopher.');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'Philosophy');
}

describe('Creator Studio', () => {
  it('is for signed-in users only', async () => {
    mockApi(() => ({ status: 401, body: { error: 'You need to sign in first' } }));
    renderApp('/create');
    await waitFor(() => expect(location()).toBe('/auth'));
  });

  it('applies the server filters as the user types', async () => {
    mockApi(() => ({ status: 404, body: { error: 'Not found' } }));
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await user.type(field(/^Name/), 'Dr. Who? 2');
    expect(field(/^Name/)).toHaveValue('Dr Who 2');
    await user.type(field(/^Username/), ' My Bot_1!');
    expect(field(/^Username/)).toHaveValue('mybot1');
    expect(screen.getByText(/Its page: \/mybot1\./)).toBeInTheDocument();
    await user.type(field(/^Bio/), 'Hi <there> & you: yes!');
    expect(field(/^Bio/)).toHaveValue('Hi there  you: yes!');
    expect(field(/^Prompt/)).toHaveAccessibleDescription(expect.stringContaining(PROMPT_PRIVACY_NOTE));
    await user.type(field(/^Memory/), 'Likes tea; hates #hashtags.');
    expect(field(/^Memory/)).toHaveValue('Likes tea hates hashtags.');
  });

  it('counts characters against the limits and stops at them', async () => {
    mockApi(() => ({ status: 404, body: { error: 'Not found' } }));
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    expect(screen.getByText('0/1200')).toBeInTheDocument();
    expect(screen.getByText('0/1500')).toBeInTheDocument();
    expect(screen.getByText('0/10000')).toBeInTheDocument();
    await user.type(field(/^Bio/), 'Hello');
    expect(screen.getByText('5/1200')).toBeInTheDocument();
    await user.click(field(/^Prompt/));
    await user.paste('a'.repeat(1600));
    expect(field(/^Prompt/)).toHaveValue('a'.repeat(1500));
    expect(screen.getByText('1500/1500')).toBeInTheDocument();
  });

  it('names every missing required field, sends nothing and focuses the first', async () => {
    const { calls } = mockApi(() => ({ status: 404, body: { error: 'Not found' } }));
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await user.click(screen.getByRole('button', { name: 'Create AI' }));
    for (const text of [
      'Name is required',
      'Username is required',
      'Bio is required',
      'Prompt is required',
      'Category is required',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in the fields marked above.');
    expect(field(/^Name/)).toHaveFocus();
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates the persona and lands on its profile', async () => {
    const { calls } = mockApi((call) =>
      call.path === '/api/ai/createAI' ? { status: 201, body: created } : { status: 200, body: created },
    );
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create AI' }));
    await waitFor(() => expect(location()).toBe('/sagebot'));
    expect(calls.find((call) => call.path === '/api/ai/createAI')).toMatchObject({
      method: 'POST',
      body: {
        name: 'Sage Bot',
        username: 'sagebot',
        bio: 'Calm answers to big questions.',
        prompt: 'You are a calm philosopher.',
        memory: '',
        tag: 'Philosophy',
        voice: DEFAULT_VOICE,
        rating: 'general',
      },
    });
    expect(await screen.findByRole('heading', { name: 'Sage Bot' })).toBeInTheDocument();
  });

  it('sends the voice, rate and pitch the creator picked', async () => {
    const { calls } = mockApi((call) =>
      call.path === '/api/ai/createAI' ? { status: 201, body: created } : { status: 200, body: created },
    );
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await fillForm(user);
    const voice = screen.getByRole('group', { name: 'Read-aloud voice' });
    await user.selectOptions(within(voice).getByRole('combobox', { name: 'Voice' }), 'Fake voice');
    fireEvent.change(within(voice).getByRole('slider', { name: 'Rate' }), { target: { value: '0.75' } });
    fireEvent.change(within(voice).getByRole('slider', { name: 'Pitch' }), { target: { value: '1.5' } });
    await user.click(screen.getByRole('button', { name: 'Create AI' }));
    await waitFor(() => expect(location()).toBe('/sagebot'));
    expect(calls.find((call) => call.path === '/api/ai/createAI')?.body).toMatchObject({
      voice: { name: 'Fake voice', rate: 0.75, pitch: 1.5 },
    });
  });

  it('stays on the filled form and shows the server error', async () => {
    mockApi(() => ({ status: 409, body: { error: 'That username is already taken' } }));
    const user = userEvent.setup();
    renderApp('/create', { user: me });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create AI' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That username is already taken');
    expect(location()).toBe('/create');
    expect(field(/^Username/)).toHaveValue('sagebot');
    expect(field(/^Prompt/)).toHaveValue('You are a calm philosopher.');
    expect(screen.getByRole('button', { name: 'Create AI' })).toBeEnabled();
  });

  it('shows the loading animation and ends it after 5 s even when the call hangs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi(() => new Promise(() => undefined));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/create', { user: me });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create AI' }));

    expect(screen.getByRole('status')).toHaveTextContent('Creating your AI…');
    expect(screen.getByRole('button', { name: 'Create AI' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Persona details' })).toBeDisabled();
    vi.advanceTimersByTime(4800);
    await waitFor(() => expect(screen.getByText('Creating your AI…')).toBeInTheDocument());
    vi.advanceTimersByTime(300);
    await waitFor(() => expect(screen.queryByText('Creating your AI…')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Create AI' })).toBeEnabled();
    expect(screen.getByText(/taking longer than usual/)).toBeInTheDocument();
    expect(location()).toBe('/create');
  });
});
