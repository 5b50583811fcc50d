import type { z } from 'zod';
import type {
  CreateAiRequest,
  DirectoryEntry,
  DirectoryQuery,
  UpdateAiFieldsRequest,
} from '../../../contracts/personas.js';
import { AI_EMAIL_DOMAIN } from '../../../contracts/rules.js';
import { isUniqueViolation } from '../../db/database.js';
import type { UserPatch, UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newRow, nowIso } from '../../lib/ids.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { voiceColumns } from '../accounts/voice-columns.js';
import type { BlocksService } from '../safety/blocks.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { PersonasRepository } from './personas.repository.js';

export const PERSONA_ERRORS = {
  usernameTaken: 'That username is already taken',
  notFound: 'Persona not found',
  notCreator: 'Only the creator of this persona can change it',
  tooMany: 'You have reached the limit of 200 personas',
} as const;

const PERSONAS_PER_CREATOR = 200;

/** Persona accounts never log in: this is not an argon2 hash, so no password can match it. */
export const NO_PASSWORD = '!persona';

export function personaEmail(username: string): string {
  return `${username}@${AI_EMAIL_DOMAIN}`;
}

function toEntry(row: UserRow): DirectoryEntry {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    bio: row.bio,
    tag: row.tag,
    createdByUsername: row.createdByUsername,
    profilePic: row.profilePic,
    rating: row.rating,
  };
}

/** Persona rules: who may create, change and list which persona. */
export function personasService(
  repo: PersonasRepository,
  accounts: AccountsRepository,
  uploads: Pick<UploadsService, 'saveImage' | 'remove'>,
  /** A persona's name others see changed (called after the write). */
  onPersonaChanged: () => void,
  /** Personas of people the viewer blocked are left out of the directory. */
  blocks: Pick<BlocksService, 'setsOf'>,
) {
  return {
    /**
     * Creates a persona owned by the signed-in user (never by a name in the payload). Its picture is stored
     * like any picked picture: the same checks, counted against the creator's daily upload quota.
     */
    async create(creator: UserRow, input: z.output<typeof CreateAiRequest>): Promise<UserRow> {
      if ((await accounts.findByUsername(input.username)) !== undefined) {
        throw new HttpError(409, PERSONA_ERRORS.usernameTaken, 'username_taken');
      }
      if ((await repo.countCreatedBy(creator.username)) >= PERSONAS_PER_CREATOR) {
        throw new HttpError(409, PERSONA_ERRORS.tooMany, 'quota_exceeded');
      }
      const profilePic = input.profilePic ? await uploads.saveImage(creator.id, input.profilePic) : '';
      return accounts
        .insert({
          ...newRow(),
          name: input.name,
          username: input.username,
          email: personaEmail(input.username),
          passwordHash: NO_PASSWORD,
          bio: input.bio,
          prompt: input.prompt,
          memory: input.memory,
          openingMessage: input.openingMessage,
          profilePic,
          tag: input.tag,
          createdByUsername: creator.username,
          isAi: 1,
          rating: input.rating,
          ...voiceColumns(input.voice),
        })
        .catch(async (error: unknown) => {
          // The picture was stored for this persona only; no account shows it when the insert failed.
          if (profilePic && !(await accounts.isPictureUsed(profilePic))) await uploads.remove(profilePic);
          if (isUniqueViolation(error))
            throw new HttpError(409, PERSONA_ERRORS.usernameTaken, 'username_taken');
          throw error;
        });
    },

    /** Changes a persona's fields; only its creator may. */
    async updateFields(editor: UserRow, input: z.output<typeof UpdateAiFieldsRequest>): Promise<UserRow> {
      const persona = isId(input.id) ? await accounts.findById(input.id) : undefined;
      if (!persona || persona.isAi !== 1 || persona.isFrozen === 1)
        throw new HttpError(404, PERSONA_ERRORS.notFound);
      if (persona.createdByUsername !== editor.username) throw new HttpError(403, PERSONA_ERRORS.notCreator);
      const { name, bio, prompt, memory, tag, openingMessage, voice } = input;
      const patch: UserPatch = { name, bio, prompt, memory, tag, updatedAt: nowIso() };
      if (openingMessage !== undefined) patch.openingMessage = openingMessage;
      if (voice !== undefined) Object.assign(patch, voiceColumns(voice));
      if (input.rating !== undefined) patch.rating = input.rating;
      const updated = await repo.update(persona.id, patch);
      onPersonaChanged();
      return updated;
    },

    /** One directory page for `viewer` and the cursor of the next, if any; mature personas only if they chose. */
    async directory(
      viewer: Pick<UserRow, 'id' | 'username' | 'showMature'>,
      query: z.output<typeof DirectoryQuery>,
    ): Promise<{ entries: DirectoryEntry[]; nextCursor: string | undefined }> {
      const { blocked } = await blocks.setsOf(viewer.id);
      const hiddenFor = blocked.size > 0 ? viewer.id : undefined;
      // One's own personas show in one's own tab whatever their rating.
      const generalOnly = viewer.showMature !== 1 && query.createdBy !== viewer.username;
      const rows = await repo.directory({ ...query, after: query.cursor, hiddenFor, generalOnly });
      const page = rows.slice(0, query.limit);
      const nextCursor = rows.length > query.limit ? page[page.length - 1]?.username : undefined;
      return { entries: page.map(toEntry), nextCursor };
    },
  };
}

export type PersonasService = ReturnType<typeof personasService>;
