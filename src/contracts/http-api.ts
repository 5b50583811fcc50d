import { z } from 'zod';
import {
  NO_CONTENT,
  forAnyone,
  forModerators,
  forSignedIn,
  json,
  memoryCalls,
  pageOf,
  plainText,
  type HttpCall,
  type HttpCallKey,
} from './http-call.js';
import {
  Action,
  ActionList,
  ActionPageQuery,
  CreateActionRequest,
  DeleteActionResponse,
  UpdateActionRequest,
} from './actions.js';
import { AiStatusResponse, GetAiRequest, WebLookupRequest, WebLookupResponse } from './ai.js';
import {
  Discussion,
  DiscussionList,
  DiscussionWithTurns,
  InterjectRequest,
  PickSpeakerRequest,
  ResumeDiscussionRequest,
  StartDiscussionRequest,
  Turn,
} from './charioteer.js';
import {
  AuditLog,
  ModerationActionRequest,
  RatePersonaRequest,
  ReportQueue,
  ReportReceipt,
  ReportRequest,
  SuspendRequest,
} from './moderation.js';
import { MemorySettingsRequest } from './memory.js';
import {
  AiRepliesInProgress,
  ConversationList,
  EditMessageRequest,
  ForwardMessageRequest,
  Message,
  MessageList,
  MessagePageQuery,
  MessageReactions,
  RegenerateReplyResponse,
  SendMessageRequest,
  UpdateConversationRequest,
  UpdateConversationResponse,
} from './messages.js';
import {
  CardDraft,
  CardExportQuery,
  CreateAiRequest,
  DirectoryList,
  DirectoryQuery,
  ExportedCard,
  ParseCardRequest,
  UpdateAiFieldsRequest,
} from './personas.js';
import { DeleteAccountRequest, DeleteAccountResponse } from './my-data.js';
import { NOTIFICATION_CALLS } from './http-api-notifications.js';
import { ROOM_CALLS } from './http-api-rooms.js';
import { BlockList, MuteRequest, MuteResponse } from './safety.js';
import { SearchQuery, SearchResults } from './search.js';
import { HealthResponse, NotReadyResponse, PublicConfig, ReadyResponse } from './server-info.js';
import {
  LoginRequest,
  LogoutResponse,
  ProfileResponse,
  PublicUser,
  SelfUser,
  SignupRequest,
  UpdateUserRequest,
} from './users.js';

const ModerationDone = z.object({ ok: z.literal(true) });

/** Moderator actions that take only a reason and answer `{ ok: true }`. */
function moderatorActions<K extends HttpCallKey>(summaries: Record<K, string>): Record<K, HttpCall> {
  const entries = Object.entries(summaries) as [K, string][];
  return Object.fromEntries(
    entries.map(([key, summary]) => [
      key,
      forModerators(summary, {
        body: ModerationActionRequest,
        answers: { 200: json('Done', ModerationDone) },
      }),
    ]),
  ) as Record<K, HttpCall>;
}

/**
 * The HTTP API as one table: every call the server answers under /api, with the contract schemas it reads and
 * answers with. The OpenAPI document (GET /api/openapi.json) is generated from it, and a server test checks
 * both ways against the running app: every registered route is here, and each route parses its body and query
 * with exactly the schemas written here and answers in the shapes written here.
 */
export const HTTP_API = {
  'GET /api/health': forAnyone('Liveness: the process runs and its database answers', {
    answers: { 200: json('Alive', HealthResponse) },
  }),
  'GET /api/ready': forAnyone('Readiness: whether this process should get traffic', {
    answers: {
      200: json('Ready', ReadyResponse),
      503: json('Not ready, with the checks that failed', NotReadyResponse),
    },
  }),
  'GET /api/openapi.json': forAnyone('This description of the API (OpenAPI 3.1)', {
    answers: { 200: json('The OpenAPI document', z.record(z.string(), z.unknown())) },
  }),
  'GET /api/config': forAnyone('Public settings the pages show', {
    answers: { 200: json('The settings', PublicConfig) },
  }),

  'POST /api/users/signup': forAnyone('Create an account and sign in', {
    body: SignupRequest,
    answers: { 201: json('Signed up; the session cookie is set', SelfUser) },
  }),
  'POST /api/users/login': forAnyone('Sign in', {
    body: LoginRequest,
    answers: { 200: json('Signed in; the session cookie is set', SelfUser) },
  }),
  'POST /api/users/logout': forAnyone('Sign out (ends the session, if any)', {
    answers: { 200: json('Signed out; the session cookie is cleared', LogoutResponse) },
  }),
  'GET /api/users/me': forSignedIn('The signed-in account', {
    answers: { 200: json('The account', SelfUser) },
  }),
  'GET /api/users/profile/:query': forSignedIn('Someone’s profile, by id or username', {
    answers: { 200: json('The profile; e-mail and settings only on one’s own', ProfileResponse) },
  }),
  'PUT /api/users/update/:id': forSignedIn('Change one’s own account', {
    body: UpdateUserRequest,
    answers: { 200: json('The changed account', SelfUser) },
  }),
  'PUT /api/users/updateAiFields': forSignedIn('Change a persona one created', {
    body: UpdateAiFieldsRequest,
    answers: { 200: json('The changed persona', PublicUser) },
  }),
  'GET /api/users/directory': forSignedIn('The persona directory, a page at a time', {
    query: DirectoryQuery,
    answers: { 200: pageOf('A page of personas', DirectoryList) },
  }),
  'GET /api/users/me/archive': forSignedIn('Everything one owns or wrote, as one zip file', {
    answers: {
      200: {
        description:
          'The archive, streamed (README.txt, JSON files, pictures); progress as archiveProgress events',
        content: { 'application/zip': 'binary' },
      },
    },
  }),
  'DELETE /api/users/me': forSignedIn('Delete one’s own account (the password is asked again)', {
    body: DeleteAccountRequest,
    answers: { 200: json('Deleted; the session cookie is cleared', DeleteAccountResponse) },
  }),
  'GET /api/users/blocks': forSignedIn('The people one blocked, the latest first', {
    answers: { 200: json('The blocked people', BlockList) },
  }),
  'PUT /api/users/blocks/:userId': forSignedIn('Block a person (nothing changes if already blocked)', {
    answers: { 204: NO_CONTENT },
  }),
  'DELETE /api/users/blocks/:userId': forSignedIn('Unblock a person (nothing changes if not blocked)', {
    answers: { 204: NO_CONTENT },
  }),

  'GET /api/ai/status': forSignedIn('Whether AI answers now, and a download’s progress', {
    answers: { 200: json('The status', AiStatusResponse) },
  }),
  'POST /api/ai/getAI': forSignedIn('Ask the AI; the whole answer at once', {
    body: GetAiRequest,
    answers: { 200: plainText('The answer') },
  }),
  'POST /api/ai/getAI/stream': forSignedIn('Ask the AI; the answer streamed as it is written', {
    body: GetAiRequest,
    answers: { 200: plainText('The answer, streamed') },
  }),
  'POST /api/ai/web': forSignedIn('Look a phrase up in the encyclopedia, or have the AI summarise it', {
    body: WebLookupRequest,
    answers: { 200: json('What was found', WebLookupResponse) },
  }),
  'POST /api/ai/createAI': forSignedIn('Create a persona', {
    body: CreateAiRequest,
    answers: { 201: json('The persona, as its creator sees it', PublicUser) },
  }),
  'POST /api/ai/cards/parse': forSignedIn('Turn a character card file into a persona draft', {
    body: ParseCardRequest,
    answers: { 200: json('The draft, with notes on what had to change', CardDraft) },
  }),
  'GET /api/ai/cards/:username': forSignedIn('Export one’s own persona as a character card', {
    query: CardExportQuery,
    answers: {
      200: {
        description: 'The card file, as an attachment: JSON, or the persona’s picture as a PNG carrying it',
        content: { 'application/json': ExportedCard, 'image/png': 'binary' },
      },
    },
  }),

  'GET /api/messages/conversations': forSignedIn('One’s conversations, the latest first', {
    answers: { 200: json('The conversations', ConversationList) },
  }),
  'GET /api/messages/ai-replies': forSignedIn('Persona replies being written now, with their text so far', {
    answers: { 200: json('The replies in progress', AiRepliesInProgress) },
  }),
  'POST /api/messages/conversations/:conversationId/regenerate': forSignedIn(
    'Have the persona answer the last message again',
    {
      answers: { 202: json('The reply is being written', RegenerateReplyResponse) },
    },
  ),
  'GET /api/messages/:otherUserId': forSignedIn('The messages with someone, newest page first', {
    query: MessagePageQuery,
    answers: { 200: json('A page of messages, oldest first', MessageList) },
  }),
  'POST /api/messages': forSignedIn('Send a message', {
    body: SendMessageRequest,
    answers: { 201: json('The stored message', Message) },
  }),
  'POST /api/messages/forward': forSignedIn('Forward a message to someone by username', {
    body: ForwardMessageRequest,
    answers: { 201: json('The forwarded copy', Message) },
  }),
  'PATCH /api/messages/:messageId': forSignedIn('Edit one’s own message (within 24 hours of sending it)', {
    body: EditMessageRequest,
    answers: { 200: json('The message with its new text', Message) },
  }),
  'DELETE /api/messages/:messageId': forSignedIn(
    'Delete one’s own message (or a persona’s reply in one’s own persona chat) for everyone',
    { answers: { 204: NO_CONTENT } },
  ),
  'PUT /api/messages/:messageId/reactions/:emoji': forSignedIn('React to a message with one of six emoji', {
    answers: { 200: json('The message’s reactions now', MessageReactions) },
  }),
  'DELETE /api/messages/:messageId/reactions/:emoji': forSignedIn('Take one’s reaction back', {
    answers: { 200: json('The message’s reactions now', MessageReactions) },
  }),
  'PUT /api/messages/conversations/updateConversation/:conversationId': forSignedIn(
    'Change a conversation’s context',
    {
      body: UpdateConversationRequest,
      answers: { 200: json('The new context', UpdateConversationResponse) },
    },
  ),
  ...memoryCalls('/api/messages/conversations/:conversationId/memory', 'a persona remembers of one'),
  'PUT /api/messages/conversations/:conversationId/memory/settings': forSignedIn(
    'Turn a conversation’s memory on or off',
    // The answer repeats the setting.
    { body: MemorySettingsRequest, answers: { 200: json('The setting', MemorySettingsRequest) } },
  ),
  'PUT /api/messages/conversations/:conversationId/mute': forSignedIn(
    'Mute or unmute a conversation for oneself',
    { body: MuteRequest, answers: { 200: json('The conversation’s new setting', MuteResponse) } },
  ),

  ...ROOM_CALLS,
  ...NOTIFICATION_CALLS,

  'POST /api/actions/createAction': forSignedIn('Save a note or prompt', {
    body: CreateActionRequest,
    answers: { 201: json('The saved item', Action) },
  }),
  'PATCH /api/actions/updateAction/:id': forSignedIn('Change a saved item', {
    body: UpdateActionRequest,
    answers: { 200: json('The saved item', Action) },
  }),
  'GET /api/actions/getActions/:userId': forSignedIn('One’s saved items, newest first, a page at a time', {
    query: ActionPageQuery,
    answers: { 200: pageOf('A page of saved items', ActionList) },
  }),
  'DELETE /api/actions/deleteAction/:id': forSignedIn('Delete a saved item', {
    answers: { 200: json('Deleted', DeleteActionResponse) },
  }),

  'POST /api/charioteer/discussions': forSignedIn('Start a roundtable of personas', {
    body: StartDiscussionRequest,
    answers: { 201: json('The discussion, running', Discussion) },
  }),
  'GET /api/charioteer/discussions': forSignedIn('One’s roundtables', {
    answers: { 200: json('The discussions', DiscussionList) },
  }),
  'GET /api/charioteer/discussions/:id': forSignedIn('A roundtable with its turns', {
    answers: { 200: json('The discussion and its turns', DiscussionWithTurns) },
  }),
  'POST /api/charioteer/discussions/:id/pause': forSignedIn('Pause a roundtable after the current turn', {
    answers: { 200: json('The discussion', Discussion) },
  }),
  'POST /api/charioteer/discussions/:id/resume': forSignedIn('Continue a roundtable for more turns', {
    body: ResumeDiscussionRequest,
    answers: { 200: json('The discussion', Discussion) },
  }),
  'POST /api/charioteer/discussions/:id/stop': forSignedIn('Stop a roundtable for good', {
    answers: { 200: json('The discussion', Discussion) },
  }),
  'POST /api/charioteer/discussions/:id/next': forSignedIn('Choose who speaks next', {
    body: PickSpeakerRequest,
    answers: { 200: json('The discussion', Discussion) },
  }),
  'POST /api/charioteer/discussions/:id/messages': forSignedIn('Join in with one’s own words', {
    body: InterjectRequest,
    answers: { 201: json('The turn', Turn) },
  }),
  'POST /api/charioteer/discussions/:id/export': forSignedIn('Save a roundtable’s transcript as a note', {
    answers: { 201: json('The saved note', Action) },
  }),

  'POST /api/reports': forSignedIn('Report a persona, a message or a person to the moderators', {
    body: ReportRequest,
    answers: { 201: json('Received; the reported party is not told who reported', ReportReceipt) },
  }),
  'GET /api/moderation/reports': forModerators('Open reports, the most reported first, with snapshots', {
    answers: { 200: json('The queue', ReportQueue) },
  }),
  'GET /api/moderation/audit': forModerators('Every moderator action, the latest first', {
    answers: { 200: json('The audit log', AuditLog) },
  }),
  ...moderatorActions({
    'POST /api/moderation/reports/:id/dismiss': 'Dismiss a report',
    'POST /api/moderation/messages/:id/remove': 'Remove a message (its text is replaced)',
    'POST /api/moderation/personas/:id/freeze': 'Freeze a persona: hidden and silent, its creator told why',
    'POST /api/moderation/personas/:id/unfreeze': 'Unfreeze a persona a moderator froze',
    'POST /api/moderation/users/:id/restore': 'End an account’s suspension',
  }),
  'POST /api/moderation/personas/:id/rating': forModerators('Change a persona’s content rating', {
    body: RatePersonaRequest,
    answers: { 200: json('Done', ModerationDone) },
  }),
  'POST /api/moderation/users/:id/suspend': forModerators(
    'Suspend an account for some days or for good: signed out at once, its personas frozen',
    { body: SuspendRequest, answers: { 200: json('Done', ModerationDone) } },
  ),
  'GET /api/search': forSignedIn('Search one’s messages, saved items and roundtables', {
    query: SearchQuery,
    answers: { 200: json('The best matches', SearchResults) },
  }),
} satisfies Record<HttpCallKey, HttpCall>;
