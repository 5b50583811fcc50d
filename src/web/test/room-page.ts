import { act, screen, within } from '@testing-library/react';
import type { Message } from '../../contracts/messages.js';
import type { Room } from '../../contracts/rooms.js';
import {
  ME,
  buildMessage,
  buildRoom,
  buildRoomSummary,
  fakeChatServer,
  type ChatServerState,
} from './chat-server.js';
import { latestSocket } from './fake-socket.js';
import { renderApp } from './render.js';

interface OpenRoomOptions {
  /** The room's messages, oldest first (one "Hello room" unless given). */
  history?: Message[];
  /** More of the fake server's state (profiles, memories…). */
  state?: Partial<ChatServerState>;
  /** Answers a call first, as fakeChatServer's override does. */
  override?: Parameters<typeof fakeChatServer>[1];
}

/**
 * The whole app at /chat/room/:roomId for ME, the room listed and readable on the fake chat server, once its
 * newest message shows and the socket is connected.
 */
export async function openRoomPage(room: Room = buildRoom(), options: OpenRoomOptions = {}) {
  const history = options.history ?? [buildMessage({ conversationId: room._id, text: 'Hello room' })];
  const server = fakeChatServer(
    {
      rooms: [buildRoomSummary(room)],
      roomDetails: { [room._id]: room },
      roomMessages: { [room._id]: history },
      ...options.state,
    },
    options.override,
  );
  renderApp(`/chat/room/${room._id}`, { user: ME });
  const newest = history.at(-1);
  if (newest) await within(await screen.findByRole('log')).findByText(newest.text);
  const socket = latestSocket();
  act(() => socket.serverConnect());
  return { ...server, socket };
}
