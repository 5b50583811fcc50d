import { beforeEach, describe, expect, it } from 'vitest';
import { useStudio } from './studio-store.js';

const studio = () => useStudio.getState();

beforeEach(() => studio().reset());

describe('send to Studio (the studio store receives the Editor’s text)', () => {
  it('puts the text into an empty context box', () => {
    studio().sendToContext('  Selected words from the PDF  ');
    expect(studio().context).toBe('Selected words from the PDF');
  });

  it('adds below what the box holds, after a blank line, and keeps the files', () => {
    studio().setContext('My notes\n');
    studio().addFile({ id: 'f', name: 'a.pdf', text: 'PDF words', pages: 1 });
    studio().sendToContext('From the editor');
    expect(studio().context).toBe('My notes\n\nFrom the editor');
    expect(studio().files).toHaveLength(1);
  });

  it('drops the loaded saved item, so saving does not overwrite it with the sent text', () => {
    studio().selectItem('id-1', 'Saved memory');
    studio().sendToContext('More');
    expect(studio()).toMatchObject({ context: 'Saved memory\n\nMore', selectedId: null });
  });

  it('ignores empty text', () => {
    studio().selectItem('id-1', 'Saved memory');
    studio().sendToContext('   ');
    expect(studio()).toMatchObject({ context: 'Saved memory', selectedId: 'id-1' });
  });
});
