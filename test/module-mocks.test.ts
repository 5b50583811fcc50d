import { describe, expect, it } from 'vitest';
import { serverTestFiles } from './support/database-tests.js';
import { moduleMockingTests } from './support/module-mocks.js';

describe('the server tests that get a module graph of their own (vitest project server-isolated)', () => {
  it('are the ones that replace a module, and only those', () => {
    expect(moduleMockingTests(serverTestFiles())).toEqual([
      'src/server/modules/messages/presence.service.test.ts',
      'src/server/plugins/openapi-conformance.test.ts',
    ]);
  });
});
