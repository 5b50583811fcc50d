import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConversationMemory, MemoryItem } from '../../../../contracts/memory.js';
import type { RecordedCall } from '../../../test/fetch-mock.js';
import { AI, ME, buildConversation, buildMessage, fakeChatServer } from '../../../test/chat-server.js';
import { latestSocket } from '../../../test/fake-socket.js';
import { renderApp } from '../../../test/render.js';

const CONVERSATION = `conv-${AI._id}`;
const BASE = `/api/messages/conversations/${CONVERSATION}/memory`;

/** The chat server with a persona conversation and a memory that answers like the API. */
function serverWithMemory(initial: ConversationMemory) {
  const memory = structuredClone(initial);
  let next = 0;
  const item = (text: string): MemoryItem => ({
    _id: `mem-${(next += 1)}`,
    text,
    source: 'person',
    updatedAt: '2024-05-07T12:00:00.000Z',
  });
  const server = fakeChatServer(
    {
      conversations: [buildConversation(AI, { _id: CONVERSATION })],
      messages: { [AI._id]: [buildMessage({ sender: AI._id, conversationId: CONVERSATION, text: 'Ahoy!' })] },
    },
    (call: RecordedCall) => {
      if (!call.path.startsWith(BASE)) return undefined;
      const rest = call.path.slice(BASE.length);
      const body = call.body as { text?: string; enabled?: boolean };
      if (call.method === 'GET') return { status: 200, body: memory };
      if (call.method === 'POST') {
        const added = item(body.text?.trim() ?? '');
        memory.items.push(added);
        return { status: 201, body: added };
      }
      if (rest === '/settings') {
        memory.enabled = body.enabled ?? true;
        return { status: 200, body: { enabled: memory.enabled } };
      }
      const id = rest.slice(1);
      const index = memory.items.findIndex((i) => i._id === id);
      if (call.method === 'DELETE') {
        memory.items.splice(index, 1);
        return { status: 204 };
      }
      const edited = { ...memory.items[index], text: body.text ?? '', source: 'person' } as MemoryItem;
      memory.items[index] = edited;
      return { status: 200, body: edited };
    },
  );
  return { ...server, memory };
}

async function openMemory() {
  renderApp('/chat/:ai', { user: ME });
  await screen.findByText('Ahoy!');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'memory, what @ai remembers' }));
  const dialog = screen.getByRole('dialog', { name: 'What @ai remembers' });
  return { user, dialog };
}

describe('what a persona remembers', () => {
  it('lists the facts, and lets the person edit, delete and add them', async () => {
    const { memory } = serverWithMemory({
      enabled: true,
      items: [{ _id: 'm1', text: 'Their name is Ada.', source: 'ai', updatedAt: '2024-05-07T12:00:00.000Z' }],
    });
    const { user, dialog } = await openMemory();
    expect(within(dialog).getByRole('heading', { name: 'What @ai remembers' })).toHaveFocus();
    const list = await within(dialog).findByRole('list', { name: 'Memories of @ai' });
    expect(within(list).getByText('Their name is Ada.')).toBeInTheDocument();

    // Escape leaves an edit, not the dialog, and the keyboard is back on Edit.
    await user.click(within(list).getByRole('button', { name: 'Edit' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'What @ai remembers' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Edit' })).toHaveFocus();

    await user.click(within(list).getByRole('button', { name: 'Edit' }));
    const box = within(list).getByRole('textbox', { name: 'Edit memory' });
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, 'Call her Countess.{Enter}');
    expect(await within(list).findByText('Call her Countess.')).toBeInTheDocument();
    expect(memory.items[0]?.text).toBe('Call her Countess.');
    expect(within(list).getByRole('button', { name: 'Edit' })).toHaveFocus();

    await user.type(within(dialog).getByRole('textbox', { name: 'Add a memory' }), 'Likes tea.');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(list).findByText('Likes tea.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Add a memory' })).toHaveValue('');

    const [first] = within(list).getAllByRole('button', { name: 'Delete' });
    expect(first).toHaveAccessibleDescription('Call her Countess.');
    await user.click(first as HTMLElement);
    await waitFor(() => expect(within(list).queryByText('Call her Countess.')).not.toBeInTheDocument());
    expect(memory.items.map((i) => i.text)).toEqual(['Likes tea.']);
    await waitFor(() => expect(list).toHaveFocus());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  }, 15_000);

  it('switches memory off and on, saying what that means', async () => {
    const { memory } = serverWithMemory({ enabled: true, items: [] });
    const { user, dialog } = await openMemory();
    const remember = await within(dialog).findByRole('checkbox', { name: 'Remember things from this chat' });
    expect(remember).toBeChecked();
    expect(remember).toHaveAccessibleDescription(/neither uses nor adds/);
    expect(within(dialog).getByText(/Nothing yet/)).toBeInTheDocument();
    await user.click(remember);
    await waitFor(() => expect(remember).not.toBeChecked());
    expect(memory.enabled).toBe(false);
  });

  it('reads the list again when the server says it changed, and closes with Escape', async () => {
    const { memory } = serverWithMemory({ enabled: true, items: [] });
    const { user, dialog } = await openMemory();
    await within(dialog).findByText(/Nothing yet/);
    memory.items.push({
      _id: 'm9',
      text: 'Sails on weekends.',
      source: 'ai',
      updatedAt: '2024-05-07T12:00:00.000Z',
    });
    act(() => latestSocket().serverEmit('memoryChanged', { conversationId: CONVERSATION }));
    expect(await within(dialog).findByText('Sails on weekends.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'memory, what @ai remembers' })).toHaveFocus();
  });
});
