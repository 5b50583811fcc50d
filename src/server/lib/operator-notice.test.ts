import { describe, expect, it } from 'vitest';
import { formatOperatorNotice } from './operator-notice.js';

describe('formatOperatorNotice', () => {
  it('puts the problem first and each step on a line of its own', () => {
    expect(
      formatOperatorNotice('AI replies are off: no model.', ['Put the file at /m.gguf', 'then restart']),
    ).toBe(
      '\n!! AI replies are off: no model.\n   To fix it:\n   - Put the file at /m.gguf\n   - then restart\n\n',
    );
  });

  it('leaves out "To fix it" when there is nothing to do', () => {
    expect(formatOperatorNotice('Shutting down.', [])).toBe('\n!! Shutting down.\n\n');
  });
});
