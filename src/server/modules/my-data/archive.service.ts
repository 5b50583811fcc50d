import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { DELETED_ACCOUNT_NAME, MY_DATA_ERRORS } from '../../../contracts/my-data.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import { voiceOf } from '../accounts/voice-columns.js';
import { seatIds } from '../charioteer/discussion-view.js';
import { UPLOADS_PREFIX } from '../uploads/uploads.service.js';
import { ARCHIVE_README } from './archive-readme.js';
import type { ArchiveRepository } from './archive.repository.js';

/** Messages read a page at a time: 250 hold the event loop about a millisecond (1,000 doubled the API's p99 meanwhile). */
const PAGE = 250;
/** How often the archive tells its progress, in messages. */
const PROGRESS_EVERY = 5_000;

export interface Archive {
  fileName: string;
  /** The zip, written as it is read: the reader's pace (the download) sets the pace of the reads. */
  stream: Readable;
}

type Conversations = Awaited<ReturnType<ArchiveRepository['conversationsOf']>>;
type Rooms = Awaited<ReturnType<ArchiveRepository['roomsOf']>>;

/** One conversation whose messages go in messages.json: a DM whole, a room from joining to leaving. */
interface Thread {
  id: string;
  room: boolean;
  window: { from: string; to: string };
  /** Names shown for senders known up front (a DM's other side, as the archive shows them). */
  names: ReadonlyMap<string, string>;
}

function threadsOf(conversations: Conversations, rooms: Rooms): Thread[] {
  return [
    ...conversations.map((c) => ({
      id: c.id,
      room: false,
      window: { from: '', to: '' },
      names: new Map([[c.otherId, shownName(c)]]),
    })),
    ...rooms.map((r) => ({
      id: r.id,
      room: true,
      window: { from: r.joinedAt, to: r.leftAt },
      names: new Map(),
    })),
  ];
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
const pictureName = (url: string) => `pictures/${url.slice(UPLOADS_PREFIX.length)}`;

/**
 * A person's data archive: one zip with a README, their profile, personas (prompts and memory), saved notes and
 * prompts, conversations with what personas remember there, every message of those conversations, Charioteer
 * discussions, the people they blocked, the reports they filed, their notification devices, and the pictures. Messages stream in pages, so
 * an archive of 100,000 messages neither holds them all in memory nor keeps the event loop; progress reaches the
 * person's tabs as `archiveProgress`. One archive per person at a time in each process.
 */
export function archiveService(deps: {
  repo: ArchiveRepository;
  readPicture: (url: string) => Promise<Buffer | null>;
  emitter: RealtimeEmitter;
}) {
  const { repo } = deps;
  const building = new Set<string>();

  async function* messagesJson(person: UserRow, threads: Thread[], total: number) {
    const names = new Map<string, string>([[person.id, person.username]]);
    const progress = (done: number) => deps.emitter.toUsers([person.id], 'archiveProgress', { done, total });
    let done = 0;
    let told = 0;
    yield Buffer.from('[');
    for (const thread of threads) {
      let after = '';
      for (;;) {
        const rows = await repo.messagesAfter(thread.id, after, PAGE, thread.window);
        if (rows.length === 0) break;
        const unnamed = [...new Set(rows.map((m) => m.senderId))].filter((id) => !names.has(id));
        if (unnamed.length > 0) for (const [id, name] of await repo.usernamesOf(unnamed)) names.set(id, name);
        const lines = rows.map((m) =>
          JSON.stringify({
            id: m.id,
            [thread.room ? 'roomId' : 'conversationId']: thread.id,
            from: thread.names.get(m.senderId) ?? names.get(m.senderId) ?? m.senderId,
            fromYou: m.senderId === person.id,
            text: m.text,
            ...(m.forwardedFrom ? { forwardedFrom: m.forwardedFrom } : {}),
            createdAt: m.createdAt,
          }),
        );
        yield Buffer.from(`${done === 0 ? '' : ','}\n  ${lines.join(',\n  ')}`);
        done += rows.length;
        after = rows[rows.length - 1]?.id ?? after;
        if (done - told >= PROGRESS_EVERY) {
          told = done;
          progress(done);
        }
        if (rows.length < PAGE) break;
      }
    }
    yield Buffer.from('\n]\n');
    progress(done);
  }

  async function documents(person: UserRow, conversations: Conversations) {
    const [personas, savedItems, memoryItems, discussions, blocked, reports, devices] = await Promise.all([
      repo.personasOf(person.username),
      repo.savedItemsOf(person.id),
      repo.memoryItemsOf(person.id),
      repo.discussionsOf(person.id),
      repo.blockedBy(person.id),
      repo.reportsBy(person.id),
      repo.devicesOf(person.id),
    ]);
    const seats = await repo.usernamesOf([...new Set(discussions.flatMap((d) => seatIds(d)))]);
    const withTurns = [];
    for (const d of discussions) {
      const turns = await repo.turnsOf(d.id);
      withTurns.push({
        topic: d.topic,
        status: d.status,
        seats: seatIds(d).map((id) => seats.get(id) ?? DELETED_ACCOUNT_NAME),
        createdAt: d.createdAt,
        turns: turns.map((t) => ({
          speaker:
            t.speakerKind === 'user' ? person.username : (seats.get(t.speakerId) ?? DELETED_ACCOUNT_NAME),
          text: t.text,
          ...(t.cutShort ? { cutShort: true } : {}),
          createdAt: t.createdAt,
        })),
      });
    }
    return {
      profile: {
        name: person.name,
        username: person.username,
        email: person.email,
        bio: person.bio,
        picture: person.profilePic ? pictureName(person.profilePic) : null,
        readReceipts: person.readReceipts === 1,
        showMaturePersonas: person.showMature === 1,
        voiceForPeoplesMessages: voiceOf(person),
        createdAt: person.createdAt,
      },
      personas: personas.map((p) => ({
        name: p.name,
        username: p.username,
        bio: p.bio,
        prompt: p.prompt,
        memory: p.memory,
        openingMessage: p.openingMessage,
        tag: p.tag,
        rating: p.rating,
        voice: voiceOf(p),
        picture: p.profilePic ? pictureName(p.profilePic) : null,
        ...(p.isFrozen ? { frozen: true } : {}),
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
      })),
      savedItems: savedItems.map((a) => ({ ...a, pinned: a.pinned === 1 })),
      conversations: conversations.map((c) => {
        const mineIsLow = c.userLow === person.id;
        return {
          id: c.id,
          with: shownName(c),
          withPersona: c.otherIsAi === 1,
          muted: (mineIsLow ? c.mutedLow : c.mutedHigh) === 1,
          ...(c.otherIsAi === 1
            ? {
                personaMemory: {
                  on: c.memoryOn === 1,
                  context: c.context,
                  items: memoryItems
                    .filter((m) => m.conversationId === c.id)
                    .map(({ text, source, createdAt, updatedAt }) => ({
                      text,
                      source,
                      createdAt,
                      updatedAt,
                    })),
                },
              }
            : {}),
          createdAt: c.createdAt,
          updatedAt: c.updatedAt,
        };
      }),
      charioteer: withTurns,
      blocked: blocked.map((b) => ({ username: b.username, since: b.createdAt })),
      reportsFiled: reports,
      // The push service's host only: the rest of an endpoint is the device's address there, like a key.
      notificationDevices: devices.map((d) => ({
        pushService: URL.canParse(d.endpoint) ? new URL(d.endpoint).host : '',
        since: d.createdAt,
        lastNotified: d.lastSuccessAt || null,
      })),
      pictures: [person.profilePic, ...personas.map((p) => p.profilePic)].filter((url) => url !== ''),
    };
  }

  return {
    /** Starts a person's archive; refused while one of theirs is still being written here. */
    async start(person: UserRow): Promise<Archive> {
      if (building.has(person.id)) throw new HttpError(409, MY_DATA_ERRORS.archiveBusy, 'conflict');
      building.add(person.id);
      try {
        const [conversations, rooms] = await Promise.all([
          repo.conversationsOf(person.id),
          repo.roomsOf(person.id),
        ]);
        const total = await repo.messageCountOf(person.id);
        const docs = await documents(person, conversations);
        const zip = new ZipFile();
        const mtime = new Date();
        const add = (name: string, value: unknown) => zip.addBuffer(json(value), name, { mtime });
        zip.addBuffer(Buffer.from(ARCHIVE_README), 'README.txt', { mtime });
        add('profile.json', docs.profile);
        add('personas.json', docs.personas);
        add('saved-items.json', docs.savedItems);
        add('conversations.json', docs.conversations);
        add(
          'rooms.json',
          rooms.map((r) => ({
            id: r.id,
            name: r.name,
            owner: r.ownerId === person.id,
            muted: r.muted === 1,
            joinedAt: r.joinedAt,
            ...(r.leftAt ? { leftAt: r.leftAt } : {}),
          })),
        );
        zip.addReadStream(
          Readable.from(messagesJson(person, threadsOf(conversations, rooms), total), { objectMode: false }),
          'messages.json',
          {
            mtime,
          },
        );
        add('charioteer.json', docs.charioteer);
        add('blocked.json', docs.blocked);
        add('reports-filed.json', docs.reportsFiled);
        add('notification-devices.json', docs.notificationDevices);
        for (const url of new Set(docs.pictures)) {
          const bytes = await deps.readPicture(url);
          // Pictures are compressed already.
          if (bytes) zip.addBuffer(bytes, pictureName(url), { mtime, compress: false });
        }
        zip.end();
        const stream = zip.outputStream as Readable;
        stream.once('close', () => building.delete(person.id));
        stream.once('end', () => building.delete(person.id));
        stream.once('error', () => building.delete(person.id));
        const day = mtime.toISOString().slice(0, 10);
        return { fileName: `simplified-${person.username}-${day}.zip`, stream };
      } catch (error) {
        building.delete(person.id);
        throw error;
      }
    },
  };
}

function shownName(c: { otherUsername: string; otherDeletedAt: string }): string {
  return c.otherDeletedAt === '' ? c.otherUsername : DELETED_ACCOUNT_NAME;
}

export type ArchiveService = ReturnType<typeof archiveService>;
