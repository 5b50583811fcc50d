import { Link } from 'react-router';
import type { ProfileResponse, SelfUser } from '../../../../contracts/users.js';
import styles from '../profile.module.css';
import { isCategoryTag } from '../../../components/persona-fields/persona-fields.js';

/** SPEC §6: only the creator of an AI persona may edit it (and export its card). */
export function isCreatorOf(profile: ProfileResponse, me: SelfUser): boolean {
  return profile.isAi && profile.createdByUsername !== '' && profile.createdByUsername === me.username;
}

/** A persona's category; a known tag links to its tab in the AI Explorer. */
export function TagChip({ tag }: { tag: string }) {
  if (!isCategoryTag(tag)) return tag ? <span className={styles.chip}>{tag}</span> : null;
  return (
    <Link
      to={`/explorer?tab=${tag}`}
      className={`${styles.chip} ${styles.chipLink}`}
      aria-label={`More ${tag} personas`}
    >
      <span aria-hidden="true">#</span>
      {tag}
    </Link>
  );
}
