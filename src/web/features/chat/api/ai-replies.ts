import {
  AiRepliesInProgress,
  RegenerateReplyResponse,
  type AiReplyInProgress,
} from '../../../../contracts/messages.js';
import { apiRequest } from '../../../lib/api-client.js';

/** GET /api/messages/ai-replies: this person's persona replies being written now, with their text so far. */
export function fetchAiRepliesInProgress(signal?: AbortSignal): Promise<AiReplyInProgress[]> {
  return apiRequest('/api/messages/ai-replies', { schema: AiRepliesInProgress, signal });
}

/** POST …/regenerate: the persona answers the last message again; the message itself is not sent again. */
export function regenerateReply(conversationId: string): Promise<RegenerateReplyResponse> {
  return apiRequest(`/api/messages/conversations/${encodeURIComponent(conversationId)}/regenerate`, {
    method: 'POST',
    schema: RegenerateReplyResponse,
  });
}
