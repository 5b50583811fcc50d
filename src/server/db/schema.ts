import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Booleans are stored as 0/1 so SQLite and PostgreSQL share one code path. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  name: string;
  username: string;
  email: string;
  bio: Generated<string>;
  passwordHash: string;
  profilePic: Generated<string>;
  prompt: Generated<string>;
  memory: Generated<string>;
  tag: Generated<string>;
  createdByUsername: Generated<string>;
  isAi: Generated<Flag>;
  isFrozen: Generated<Flag>;
  /** ISO 8601 UTC timestamps: sortable as text on both engines. */
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
