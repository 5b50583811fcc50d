import { beforeEach, describe, expect, it } from 'vitest';
import { buildIntakeReport } from '../../../lib/pdf/intake-report.js';
import { logOut, useSession } from '../../../lib/session-store.js';
import { buildSelfUser } from '../../../test/fixtures.js';
import {
  EMPTY_STUDIO_SESSION,
  STUDIO_SESSION_VERSION,
  boundSession,
  loadStudioSession,
  studioSessionKey,
  type StudioSessionData,
} from './studio-persistence.js';
import { flushStudioSession, useStudio } from './studio-store.js';

const studio = () => useStudio.getState();
const ada = buildSelfUser();
const bob = buildSelfUser({ _id: '0190a0b0-0000-7000-8000-000000000002', username: 'bob' });
const stored = (userId: string) => window.localStorage.getItem(studioSessionKey(userId));

const empty = EMPTY_STUDIO_SESSION;

beforeEach(() => {
  useSession.setState({ user: null });
  window.localStorage.clear();
  studio().reset();
});

describe('Studio session kept in the browser', () => {
  it('keeps each user’s session under their own key and brings it back', () => {
    useSession.setState({ user: ada });
    studio().setPro(true);
    studio().setContext('Ada’s context');
    studio().sendToContext('Text from the Editor');
    studio().finishReply({ asked: 'q1', reply: 'a1' });
    studio().finishReply({ asked: 'q2', reply: 'a2' });
    studio().stepHistory(-1);

    // Switching user writes Ada's session and starts Bob empty.
    useSession.setState({ user: bob });
    expect(studio()).toMatchObject({ context: '', history: [], pro: false });
    expect(stored(ada._id)).not.toBeNull();
    studio().setInput('Bob asks');
    flushStudioSession();

    useSession.setState({ user: ada });
    expect(studio()).toMatchObject({
      pro: true,
      context: 'Ada’s context\n\nText from the Editor',
      historyIndex: 0,
      output: 'a1',
    });
    expect(studio().history.map((entry) => entry.text)).toEqual(['a1', 'a2']);
    expect(studio().conversation).toHaveLength(4);
    expect(loadStudioSession(bob._id)?.data.input).toBe('Bob asks');
  });

  it('keeps a PDF’s intake report with its text, and still reads files kept before reports existed', () => {
    useSession.setState({ user: ada });
    const report = buildIntakeReport([
      { page: 1, source: 'ocr', characters: 12, confidence: 90 },
      { page: 2, source: 'left-out', reason: 'ocr-cancelled' },
    ]);
    studio().addFile({ id: 'f1', name: 'scan.pdf', text: 'Scanned text', pages: 2, report });
    flushStudioSession();
    expect(loadStudioSession(ada._id)?.data.files).toEqual([
      { id: 'f1', name: 'scan.pdf', text: 'Scanned text', pages: 2, report },
    ]);

    const older = { ...empty, files: [{ id: 'f0', name: 'old.pdf', text: 'Old text', pages: 1 }] };
    window.localStorage.setItem(
      studioSessionKey(bob._id),
      JSON.stringify({ version: STUDIO_SESSION_VERSION, data: older, leftOut: [] }),
    );
    expect(loadStudioSession(bob._id)?.data.files).toEqual(older.files);
  });

  it('logging out removes the session from the browser', () => {
    useSession.setState({ user: ada });
    studio().setContext('private');
    flushStudioSession();
    expect(stored(ada._id)).not.toBeNull();
    logOut();
    expect(stored(ada._id)).toBeNull();
    expect(studio().context).toBe('');
  });

  it('a session that expires keeps the work for when the same person signs in again', () => {
    useSession.setState({ user: ada });
    studio().setContext('half-written');
    useSession.getState().signOut();
    expect(studio().context).toBe('');
    expect(stored(ada._id)).not.toBeNull();
    useSession.setState({ user: ada });
    expect(studio().context).toBe('half-written');
  });

  it('clearing everything removes the entry instead of keeping an empty one', () => {
    useSession.setState({ user: ada });
    studio().finishReply({ asked: 'q', reply: 'a' });
    flushStudioSession();
    expect(stored(ada._id)).not.toBeNull();
    studio().clearChat();
    flushStudioSession();
    expect(stored(ada._id)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['an older version', JSON.stringify({ version: 0, data: empty, leftOut: [] })],
    [
      'a field of the wrong type',
      JSON.stringify({ version: STUDIO_SESSION_VERSION, data: { ...empty, history: 'a1' }, leftOut: [] }),
    ],
  ])('drops %s on load without crashing', (_what, raw) => {
    window.localStorage.setItem(studioSessionKey(ada._id), raw);
    useSession.setState({ user: ada });
    expect(studio()).toMatchObject({ history: [], context: '' });
    expect(stored(ada._id)).toBeNull();
  });

  it('points a stored index past the history at the newest reply', () => {
    const data = { ...empty, history: [{ text: 'a1' }], historyIndex: 7, output: 'a1' };
    window.localStorage.setItem(
      studioSessionKey(ada._id),
      JSON.stringify({ version: STUDIO_SESSION_VERSION, data, leftOut: [] }),
    );
    expect(loadStudioSession(ada._id)?.data.historyIndex).toBe(0);
  });
});

describe('the size policy', () => {
  const replies = (count: number, length = 10) =>
    Array.from({ length: count }, (_, index) => ({ text: `${index}`.padEnd(length, '.') }));

  it('keeps the newest replies up to the history limit and says how many were left out', () => {
    const data = { ...empty, history: replies(60), historyIndex: 59 };
    const entry = boundSession(data, { maxHistory: 50, maxChars: 1_000_000 });
    expect(entry.data.history).toHaveLength(50);
    expect(entry.data.history[0]?.text).toMatch(/^10\./);
    expect(entry.data.historyIndex).toBe(49);
    expect(entry.leftOut).toEqual(['the 10 oldest replies']);
  });

  it('drops the oldest replies, then PDF texts largest first, then the context, to fit the size', () => {
    const file = (id: string, length: number) => ({
      id,
      name: `${id}.pdf`,
      text: 'p'.repeat(length),
      pages: 1,
    });
    const data: StudioSessionData = {
      ...empty,
      history: replies(5, 1000),
      historyIndex: 4,
      output: replies(5, 1000)[4]?.text ?? '',
      files: [file('small', 2000), file('big', 6000)],
      context: 'c'.repeat(3000),
    };
    const fitsFiles = boundSession(data, { maxHistory: 50, maxChars: 8000 });
    expect(fitsFiles.data.history).toHaveLength(1);
    expect(fitsFiles.data.files.map((kept) => kept.id)).toEqual(['small']);
    expect(fitsFiles.data.context).toHaveLength(3000);
    expect(fitsFiles.leftOut).toEqual(['the 4 oldest replies', 'the text of big.pdf']);

    const tiny = boundSession(data, { maxHistory: 50, maxChars: 2500 });
    expect(tiny.data).toMatchObject({ files: [], context: '', conversation: [] });
    expect(tiny.leftOut).toContain('the context box and the conversation');
  });
});
