import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store.js';
import { buildSelfUser } from '../../../test/fixtures.js';
import { combinedContext, contextSize, joinContinuation, shownWebSource, useStudio } from './studio-store.js';

const studio = () => useStudio.getState();

beforeEach(() => studio().reset());

describe('studio store', () => {
  it('records replies in the history and the conversation, and continues the last one', () => {
    studio().finishReply({ asked: 'q1', reply: 'a1' });
    studio().finishReply({ asked: 'q2', reply: 'a2' });
    studio().finishReply({ asked: '(more)', reply: 'a2 and more', continues: true });
    expect(studio().history.map((entry) => entry.text)).toEqual(['a1', 'a2', 'a2 and more']);
    expect(studio().historyIndex).toBe(2);
    expect(studio().conversation).toEqual([
      { role: 'user', text: 'q1' },
      { role: 'assistant', text: 'a1' },
      { role: 'user', text: 'q2' },
      { role: 'assistant', text: 'a2 and more' },
    ]);
  });

  it('steps through the history within its ends', () => {
    studio().finishReply({ asked: 'q1', reply: 'a1' });
    studio().finishReply({ asked: 'q2', reply: 'a2' });
    studio().stepHistory(1);
    expect(studio().output).toBe('a2');
    studio().stepHistory(-1);
    studio().stepHistory(-1);
    expect(studio()).toMatchObject({ historyIndex: 0, output: 'a1' });
  });

  it('keeps an edit of the latest reply in the conversation too, an older one only in the history', () => {
    studio().finishReply({ asked: 'q1', reply: 'a1' });
    studio().finishReply({ asked: 'q2', reply: 'a2' });
    studio().editOutput('a2, corrected');
    expect(studio().conversation.at(-1)).toEqual({ role: 'assistant', text: 'a2, corrected' });
    studio().stepHistory(-1);
    studio().editOutput('a1, corrected');
    expect(studio().history[0]?.text).toBe('a1, corrected');
    expect(studio().conversation[1]).toEqual({ role: 'assistant', text: 'a1' });
  });

  it('clear resets input, output, history and conversation but not the context', () => {
    studio().setInput('hello');
    studio().setContext('ctx');
    studio().finishReply({ asked: 'hello', reply: 'hi' });
    studio().clearChat();
    expect(studio()).toMatchObject({
      input: '',
      output: '',
      history: [],
      historyIndex: -1,
      conversation: [],
    });
    expect(studio().context).toBe('ctx');
  });

  it('combines and counts the context box and the files; freeing drops both and the selection', () => {
    studio().selectItem('id-1', 'Saved text');
    studio().addFile({ id: 'f', name: 'a.pdf', text: 'PDF words', pages: 1 });
    expect(combinedContext(studio())).toBe('Saved text\n\nFrom the file a.pdf:\nPDF words');
    expect(contextSize(studio())).toBe(19);
    studio().freeContext();
    expect(studio()).toMatchObject({ context: '', files: [], selectedId: null });
  });

  it('shows a web source while its reply is shown, not while another answer streams in', () => {
    const web = { title: 'T', url: 'https://example.org', source: 'encyclopedia' as const };
    studio().finishReply({ asked: 'web: t', reply: 'text', web });
    expect(shownWebSource(studio())).toEqual(web);
    studio().editOutput('text, edited');
    expect(shownWebSource(studio())).toEqual(web);
    studio().showStreaming('Another ans');
    expect(shownWebSource(studio())).toBeNull();
  });

  it('joins a continuation with a single space only where needed', () => {
    expect(joinContinuation('', 'b')).toBe('b');
    expect(joinContinuation('a', 'b')).toBe('a b');
    expect(joinContinuation('a ', 'b')).toBe('a b');
    expect(joinContinuation('a', '\n\nb')).toBe('a\n\nb');
  });

  it('forgets everything when the user signs out or changes', () => {
    useSession.setState({ user: buildSelfUser() });
    studio().setInput('private');
    studio().setContext('secret notes');
    useSession.setState({ user: null });
    expect(studio()).toMatchObject({ input: '', context: '' });
  });
});
