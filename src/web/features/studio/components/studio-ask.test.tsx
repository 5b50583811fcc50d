import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AI_ERRORS } from '../../../../contracts/ai.js';
import { PRESETS } from '../model/studio-presets.js';
import { must } from '../../../test/must.js';
import { renderApp } from '../../../test/render.js';
import { BUSY_MESSAGE } from '../hooks/use-studio-requests.js';
import { useStudio } from '../state/studio-store.js';
import { callsTo, studioApi, studioUser } from '../../../test/studio-api.js';

const askBox = () => screen.getByRole('textbox', { name: 'Ask AI' });
const outputBox = () => screen.getByRole('textbox', { name: 'Output' });
const clearChatButton = () => screen.getByRole('button', { name: /^Clear \d/ });
const lastLine = (text: string) => text.split('\n').at(-1);

async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(askBox());
  await user.type(askBox(), `${text}{Enter}`);
}

async function answer(api: ReturnType<typeof studioApi>, index: number, text: string) {
  await waitFor(() => expect(api.streams.length).toBeGreaterThan(index));
  const stream = must(api.streams[index], 'stream');
  act(() => stream.push(text));
  await act(async () => stream.end());
}

beforeEach(() => useStudio.getState().reset());

/** The Studio with a first answer asked for and stopped: the moment a "busy" refusal can still come. */
async function askThenStop() {
  const api = studioApi();
  const user = userEvent.setup();
  renderApp('/studio', { user: studioUser });
  await ask(user, 'first');
  await waitFor(() => expect(api.streams).toHaveLength(1));
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  expect(await screen.findByText('Stopped.')).toBeInTheDocument();
  return { api, user };
}

describe('Studio: Ask AI', () => {
  it('asks on Enter and streams the answer into the output', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await ask(user, 'What is a haiku?');

    await waitFor(() => expect(api.streams).toHaveLength(1));
    const stream = must(api.streams[0]);
    expect(stream.message.startsWith(PRESETS.ask.instruction)).toBe(true);
    expect(lastLine(stream.message)).toBe('Request: What is a haiku?');
    expect(screen.getByText('Thinking (Ask AI)…')).toBeInTheDocument();
    expect(outputBox()).toHaveAttribute('aria-busy', 'true');

    act(() => stream.push('A haiku is'));
    await waitFor(() => expect(outputBox()).toHaveValue('A haiku is'));
    expect(screen.getByText('Writing (Ask AI)…')).toBeInTheDocument();
    act(() => stream.push(' a short poem.'));
    await waitFor(() => expect(outputBox()).toHaveValue('A haiku is a short poem.'));
    await act(async () => stream.end());

    await waitFor(() => expect(outputBox()).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByText(/Thinking|Writing/)).not.toBeInTheDocument();
    expect(clearChatButton()).toHaveAccessibleName('Clear 1 stored reply');
    expect(screen.getByText('1 / 1')).toBeInTheDocument();
    // The question stays, ready for a shortcut or another try.
    expect(askBox()).toHaveValue('What is a haiku?');
  });

  it('counts the input against its limit, warns near it and never sends a request over it', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    const counterOf = () =>
      must(document.getElementById(must(askBox().getAttribute('aria-describedby')).split(' ')[0] ?? ''));
    expect(counterOf()).toHaveTextContent('0 / 4,000 characters');
    await user.click(askBox());
    await user.paste('x'.repeat(3700));
    expect(counterOf()).toHaveTextContent('3,700 / 4,000 characters: near the limit');
    await user.paste('y'.repeat(400));
    expect(counterOf()).toHaveTextContent('4,100 / 4,000 characters: 100 too many to send');
    expect(askBox()).toHaveAttribute('aria-invalid', 'true');
    // Nothing was cut: the whole paste is still in the box.
    expect(askBox()).toHaveValue(`${'x'.repeat(3700)}${'y'.repeat(400)}`);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not sent: your request is 4,100 characters and Ask AI takes at most 4,000.',
    );
    expect(callsTo(api.calls, 'POST', '/api/ai')).toHaveLength(0);
  });

  it('does nothing for an empty input', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await user.type(askBox(), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(callsTo(api.calls, 'POST', '/api/ai')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('blocks a second request while one is in flight', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await ask(user, 'first');
    await waitFor(() => expect(api.streams).toHaveLength(1));

    await user.type(askBox(), ' again{Enter}');
    await user.click(screen.getByRole('button', { name: 'Fast: a short quick answer' }));
    expect(await screen.findByText(BUSY_MESSAGE)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', '/api/ai/getAI/stream')).toHaveLength(1);

    await answer(api, 0, 'done');
    await waitFor(() => expect(outputBox()).toHaveValue('done'));
    await ask(user, 'second');
    await waitFor(() => expect(api.streams).toHaveLength(2));
  });

  it('stops an answer and keeps what arrived', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await ask(user, 'Tell me a long story');
    await waitFor(() => expect(api.streams).toHaveLength(1));
    act(() => must(api.streams[0]).push('Once upon a time'));
    await waitFor(() => expect(outputBox()).toHaveValue('Once upon a time'));

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(must(api.streams[0]).signal?.aborted).toBe(true);
    expect(await screen.findByText('Stopped. What arrived is kept.')).toBeInTheDocument();
    expect(outputBox()).toHaveValue('Once upon a time');
    expect(outputBox()).toHaveAttribute('aria-busy', 'false');
    expect(clearChatButton()).toHaveAccessibleName('Clear 1 stored reply');
    expect(screen.getByRole('button', { name: 'Ask' })).toBeInTheDocument();
  });

  it('retries a "busy" refusal that comes right after Stop, while the server winds the old one down', async () => {
    const { api, user } = await askThenStop();

    // Known by its code, whatever its wording.
    api.settings.refusals.push({ status: 429, body: { error: 'Reworded: still busy', code: 'ai_busy' } });
    await ask(user, 'second');
    await answer(api, 1, 'Second answer');
    await waitFor(() => expect(outputBox()).toHaveValue('Second answer'));
    expect(callsTo(api.calls, 'POST', '/api/ai/getAI/stream')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not retry another 429 right after Stop, even one worded like "busy"', async () => {
    const { api, user } = await askThenStop();

    api.settings.refusals.push({ status: 429, body: { error: AI_ERRORS.busy, code: 'ai_rate_limited' } });
    await ask(user, 'second');
    expect(await screen.findByRole('alert')).toHaveTextContent(AI_ERRORS.busy);
    expect(callsTo(api.calls, 'POST', '/api/ai/getAI/stream')).toHaveLength(2);
  });

  it('resets input, output and conversation when the word clear is typed, in any case', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await ask(user, 'hello');
    await answer(api, 0, 'Hi!');
    await waitFor(() => expect(outputBox()).toHaveValue('Hi!'));

    await ask(user, '  CleAr ');
    expect(askBox()).toHaveValue('');
    expect(outputBox()).toHaveValue('');
    expect(clearChatButton()).toHaveAccessibleName('Clear 0 stored replies');
    expect(useStudio.getState().conversation).toEqual([]);
    expect(callsTo(api.calls, 'POST', '/api/ai/getAI/stream')).toHaveLength(1);
  });

  it('sends the conversation so far with the next question', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await ask(user, 'Name a colour');
    await answer(api, 0, 'Blue.');
    await waitFor(() => expect(outputBox()).toHaveValue('Blue.'));
    await ask(user, 'Another one');
    await waitFor(() => expect(api.streams).toHaveLength(2));
    expect(must(api.streams[1]).message).toContain(
      'Conversation so far:\nUser: Name a colour\nAssistant: Blue.',
    );
  });

  it('steps back and forward through the output history', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    const previous = () => screen.getByRole('button', { name: 'Previous output' });
    const next = () => screen.getByRole('button', { name: 'Next output' });
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();

    await ask(user, 'one');
    await answer(api, 0, 'First answer');
    await waitFor(() => expect(outputBox()).toHaveValue('First answer'));
    await ask(user, 'two');
    await answer(api, 1, 'Second answer');
    await waitFor(() => expect(outputBox()).toHaveValue('Second answer'));
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    expect(next()).toBeDisabled();

    await user.click(previous());
    expect(outputBox()).toHaveValue('First answer');
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    expect(previous()).toBeDisabled();
    await user.click(next());
    expect(outputBox()).toHaveValue('Second answer');
    expect(clearChatButton()).toHaveAccessibleName('Clear 2 stored replies');

    await user.click(clearChatButton());
    expect(outputBox()).toHaveValue('');
    expect(screen.getByText('0 / 0')).toBeInTheDocument();
    expect(clearChatButton()).toHaveAccessibleName('Clear 0 stored replies');
  });

  it('shows the server’s refusal as an alert and leaves the output alone', async () => {
    const api = studioApi({ streamError: { status: 429, body: { error: AI_ERRORS.busy, code: 'ai_busy' } } });
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await ask(user, 'hello');
    expect(await screen.findByRole('alert')).toHaveTextContent(AI_ERRORS.busy);
    expect(outputBox()).toHaveValue('');
    api.settings.streamError = { status: 503, body: { error: 'AI is switched off on this server.' } };
    await ask(user, 'again');
    expect(await screen.findByRole('alert')).toHaveTextContent('AI is switched off on this server.');
  });

  it('keeps a cut-off answer and says so', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await ask(user, 'hello');
    await waitFor(() => expect(api.streams).toHaveLength(1));
    act(() => must(api.streams[0]).push('Half an'));
    await waitFor(() => expect(outputBox()).toHaveValue('Half an'));
    act(() => must(api.streams[0]).fail());
    expect(await screen.findByRole('alert')).toHaveTextContent('The answer was cut off');
    expect(outputBox()).toHaveValue('Half an');
  });

  it('fast asks for a short answer; more continues the last one in place', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await user.type(askBox(), 'Why is the sky blue?');
    await user.click(screen.getByRole('button', { name: 'Fast: a short quick answer' }));
    await waitFor(() => expect(api.streams).toHaveLength(1));
    expect(must(api.streams[0]).message.startsWith(PRESETS.fast.instruction)).toBe(true);
    await answer(api, 0, 'Sunlight scatters');
    await waitFor(() => expect(outputBox()).toHaveValue('Sunlight scatters'));

    await user.click(screen.getByRole('button', { name: 'More: continue the answer' }));
    await waitFor(() => expect(api.streams).toHaveLength(2));
    const more = must(api.streams[1]).message;
    expect(more.startsWith(PRESETS.more.instruction)).toBe(true);
    expect(more).toContain('Assistant: Sunlight scatters');
    await answer(api, 1, 'off air molecules.');
    await waitFor(() => expect(outputBox()).toHaveValue('Sunlight scatters off air molecules.'));
    expect(clearChatButton()).toHaveAccessibleName('Clear 2 stored replies');
    expect(useStudio.getState().conversation.at(-1)).toEqual({
      role: 'assistant',
      text: 'Sunlight scatters off air molecules.',
    });
  });

  it('more without an answer explains instead of asking', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await user.click(screen.getByRole('button', { name: 'More: continue the answer' }));
    expect(
      await screen.findByText('Ask something first: more continues the last answer.'),
    ).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', '/api/ai')).toHaveLength(0);
  });

  it('copies the output', async () => {
    const api = studioApi();
    const user = userEvent.setup();
    renderApp('/studio', { user: studioUser });
    await ask(user, 'hi');
    await answer(api, 0, 'Copy me');
    await waitFor(() => expect(outputBox()).toHaveValue('Copy me'));
    await user.click(screen.getByRole('button', { name: 'Copy output' }));
    expect(await navigator.clipboard.readText()).toBe('Copy me');
    const toolbar = must(screen.getByRole('button', { name: 'Copy output' }).closest('section'));
    expect(within(toolbar).getByText('Copied to the clipboard.')).toBeInTheDocument();
  });
});
