import { useId, useState, type FormEvent } from 'react';
import type { SelfUser } from '../../../../contracts/users.js';
import { IconButton } from '../../../components/ui/button.js';
import { SearchIcon } from '../../../components/ui/icons.js';
import { SearchField } from '../../../components/ui/search-field.js';
import { WIDE_SCREEN_QUERY, useMediaQuery } from '../../../lib/use-media-query.js';
import { useChatSearch } from '../hooks/use-chat-search.js';
import styles from './chat-search.module.css';

/** SPEC §2: placeholder by screen width (wider than 500 px gets the longer one). */
export const SEARCH_PLACEHOLDER = { wide: 'search usernames to dm', narrow: 'search usernames' } as const;

/** The fixed search box that opens or starts a conversation by username. */
export function ChatSearch({ me, onOpened }: { me: SelfUser; onOpened?: () => void }) {
  const id = useId();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [value, setValue] = useState('');
  const { search, error, pending, clearError } = useChatSearch(me);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await search(value)) {
      setValue('');
      onOpened?.();
    }
  };

  return (
    <form role="search" className={styles.form} onSubmit={(event) => void submit(event)}>
      <SearchField
        id={id}
        label="Search usernames"
        inputClassName={styles.input}
        placeholder={wide ? SEARCH_PLACEHOLDER.wide : SEARCH_PLACEHOLDER.narrow}
        value={value}
        autoCapitalize="none"
        autoCorrect="off"
        enterKeyHint="search"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) clearError();
        }}
      />
      <IconButton
        type="submit"
        size="sm"
        aria-label="Search"
        aria-busy={pending || undefined}
        className={styles.submit}
      >
        <SearchIcon size={18} />
      </IconButton>
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
