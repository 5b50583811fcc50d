import { MessageList, MessagePageQuery, Message } from './messages.js';
import { NO_CONTENT, forSignedIn, json, memoryCalls, type HttpCall, type HttpCallKey } from './http-call.js';
import {
  AddMembersRequest,
  BenchRequest,
  CreateRoomRequest,
  ForwardToRoomRequest,
  Room,
  RoomList,
  RoomReadRequest,
  SendRoomMessageRequest,
  StopRoomResponse,
  TransferOwnerRequest,
  UpdateRoomRequest,
} from './rooms.js';
import { MuteRequest, MuteResponse } from './safety.js';

/** The rooms' calls (issue 43), part of the one table (http-api.ts). */
export const ROOM_CALLS = {
  'POST /api/rooms': forSignedIn('Start a room with people and personas; the creator owns it', {
    body: CreateRoomRequest,
    answers: { 201: json('The new room', Room) },
  }),
  'GET /api/rooms': forSignedIn('The rooms one is in, the latest activity first', {
    answers: { 200: json('The rooms', RoomList) },
  }),
  'GET /api/rooms/:roomId': forSignedIn('A room one is (or was) in, with its members', {
    answers: { 200: json('The room', Room) },
  }),
  'PATCH /api/rooms/:roomId': forSignedIn('Rename a room or change how its personas speak (owner)', {
    body: UpdateRoomRequest,
    answers: { 200: json('The room', Room) },
  }),
  'POST /api/rooms/:roomId/members': forSignedIn('Add people and personas to a room (owner)', {
    body: AddMembersRequest,
    answers: { 200: json('The room', Room) },
  }),
  'DELETE /api/rooms/:roomId/members/:memberId': forSignedIn(
    'Remove a member (owner), or leave (one’s own id)',
    { answers: { 204: NO_CONTENT } },
  ),
  'PUT /api/rooms/:roomId/owner': forSignedIn('Hand a room over to another person in it (owner)', {
    body: TransferOwnerRequest,
    answers: { 200: json('The room', Room) },
  }),
  'PUT /api/rooms/:roomId/personas/:personaId/bench': forSignedIn(
    'Bench a persona (it stays but does not speak) or let it speak again (owner)',
    { body: BenchRequest, answers: { 200: json('The room', Room) } },
  ),
  'PUT /api/rooms/:roomId/mute': forSignedIn('Mute or unmute a room for oneself', {
    body: MuteRequest,
    answers: { 200: json('The room’s new setting', MuteResponse) },
  }),
  'GET /api/rooms/:roomId/messages': forSignedIn('A page of a room’s messages, from when one joined', {
    query: MessagePageQuery,
    answers: { 200: json('A page of messages, oldest first', MessageList) },
  }),
  'POST /api/rooms/:roomId/messages': forSignedIn('Send a message to a room', {
    body: SendRoomMessageRequest,
    answers: { 201: json('The stored message', Message) },
  }),
  'POST /api/rooms/:roomId/forward': forSignedIn('Forward a message one may read into a room', {
    body: ForwardToRoomRequest,
    answers: { 201: json('The stored message', Message) },
  }),
  'POST /api/rooms/:roomId/read': forSignedIn('Mark a room read up to a message', {
    body: RoomReadRequest,
    answers: { 204: NO_CONTENT },
  }),
  ...memoryCalls('/api/rooms/:roomId/personas/:personaId/memory', 'a room’s persona remembers of it'),
  'POST /api/rooms/:roomId/stop': forSignedIn('Stop the persona speaking, and the turns after it', {
    answers: { 200: json('Whether a persona was speaking', StopRoomResponse) },
  }),
} satisfies Record<HttpCallKey, HttpCall>;
