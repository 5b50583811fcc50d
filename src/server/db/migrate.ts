import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as accounts from './migrations/001-accounts.js';
import * as messages from './migrations/002-messages.js';
import * as personaDirectory from './migrations/003-persona-directory.js';
import * as conversationMemory from './migrations/004-conversation-memory.js';
import * as actions from './migrations/005-actions.js';
import * as charioteer from './migrations/006-charioteer.js';
import * as profilePicIndex from './migrations/007-profile-pic-index.js';
import * as discussionTurnCutShort from './migrations/008-discussion-turn-cut-short.js';
import * as personaOpeningMessage from './migrations/009-persona-opening-message.js';
import * as conversationUnreadCounts from './migrations/010-conversation-unread-counts.js';
import * as directorySearch from './migrations/011-directory-search.js';
import * as leanMessageWrites from './migrations/012-lean-message-writes.js';
import * as messageClientIds from './migrations/013-message-client-ids.js';
import * as runningDiscussions from './migrations/014-running-discussions.js';
import * as pictures from './migrations/015-pictures.js';
import * as readReceipts from './migrations/016-read-receipts.js';
import * as forwardedMessages from './migrations/017-forwarded-messages.js';
import * as conversationMemoryItems from './migrations/018-conversation-memory-items.js';
import * as searchIndex from './migrations/019-search-index.js';
import * as voices from './migrations/020-voices.js';
import * as directoryTabSearch from './migrations/021-directory-tab-search.js';
import * as normalisedSearchIndex from './migrations/022-normalised-search-index.js';
import * as filteredVoiceNamesAndFacts from './migrations/023-filtered-voice-names-and-facts.js';
import * as blocksAndMutes from './migrations/024-blocks-and-mutes.js';
import * as reportsAndModeration from './migrations/025-reports-and-moderation.js';
import * as personaRatings from './migrations/026-persona-ratings.js';
import * as deletedAccounts from './migrations/027-deleted-accounts.js';
import * as reindexChangedMessages from './migrations/028-reindex-changed-messages.js';
import * as rooms from './migrations/029-rooms.js';
import * as editDeleteReact from './migrations/030-edit-delete-react.js';
import * as pushSubscriptions from './migrations/031-push-subscriptions.js';

/** Migrations are listed explicitly so the compiled build needs no directory scanning. */
export const MIGRATIONS: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-messages': messages,
  '003-persona-directory': personaDirectory,
  '004-conversation-memory': conversationMemory,
  '005-actions': actions,
  '006-charioteer': charioteer,
  '007-profile-pic-index': profilePicIndex,
  '008-discussion-turn-cut-short': discussionTurnCutShort,
  '009-persona-opening-message': personaOpeningMessage,
  '010-conversation-unread-counts': conversationUnreadCounts,
  '011-directory-search': directorySearch,
  '012-lean-message-writes': leanMessageWrites,
  '013-message-client-ids': messageClientIds,
  '014-running-discussions': runningDiscussions,
  '015-pictures': pictures,
  '016-read-receipts': readReceipts,
  '017-forwarded-messages': forwardedMessages,
  '018-conversation-memory-items': conversationMemoryItems,
  '019-search-index': searchIndex,
  '020-voices': voices,
  '021-directory-tab-search': directoryTabSearch,
  '022-normalised-search-index': normalisedSearchIndex,
  '023-filtered-voice-names-and-facts': filteredVoiceNamesAndFacts,
  '024-blocks-and-mutes': blocksAndMutes,
  '025-reports-and-moderation': reportsAndModeration,
  '026-persona-ratings': personaRatings,
  '027-deleted-accounts': deletedAccounts,
  '028-reindex-changed-messages': reindexChangedMessages,
  '029-rooms': rooms,
  '030-edit-delete-react': editDeleteReact,
  '031-push-subscriptions': pushSubscriptions,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
