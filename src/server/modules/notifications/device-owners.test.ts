import { describe, expect, it } from 'vitest';
import { deviceOwners } from './device-owners.js';

describe('who may have a device, kept by a lone process', () => {
  it('answers without a read until the database is written elsewhere, and adds devices turned on here', async () => {
    let reads = 0;
    let inDatabase = ['ada'];
    let version = 1;
    const owners = deviceOwners({
      repo: {
        owners: async () => {
          reads += 1;
          return inDatabase;
        },
      },
      changedElsewhere: () => version,
    });
    expect(await owners.among(['ada', 'bob'])).toEqual(['ada']);
    expect(await owners.among(['bob'])).toEqual([]);
    expect(reads).toBe(1);
    owners.added('bob');
    expect(await owners.among(['ada', 'bob'])).toEqual(['ada', 'bob']);
    inDatabase = ['cy'];
    version = 2;
    expect(await owners.among(['ada', 'bob', 'cy'])).toEqual(['cy']);
    expect(reads).toBe(2);
  });

  it('keeps nothing with several processes: everyone may have one, and the database is asked', async () => {
    const owners = deviceOwners({ repo: { owners: async () => [] }, changedElsewhere: undefined });
    expect(await owners.among(['ada', 'bob'])).toEqual(['ada', 'bob']);
  });
});
