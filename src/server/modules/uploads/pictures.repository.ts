import type { Kysely } from 'kysely';
import type { Database, PicturesTable } from '../../db/schema.js';

/** Stored pictures; queries only. */
export function picturesRepository(db: Kysely<Database>) {
  return {
    /** Stores a picture unless one of that name (the same bytes) is there already. */
    async save(picture: PicturesTable): Promise<void> {
      await db
        .insertInto('pictures')
        .values(picture)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },
    find(name: string): Promise<Pick<PicturesTable, 'contentType' | 'bytes'> | undefined> {
      return db
        .selectFrom('pictures')
        .select(['contentType', 'bytes'])
        .where('name', '=', name)
        .executeTakeFirst();
    },
    async exists(name: string): Promise<boolean> {
      return (
        (await db.selectFrom('pictures').select('name').where('name', '=', name).executeTakeFirst()) !==
        undefined
      );
    },
    async remove(name: string): Promise<void> {
      await db.deleteFrom('pictures').where('name', '=', name).execute();
    },
  };
}

export type PicturesRepository = ReturnType<typeof picturesRepository>;
