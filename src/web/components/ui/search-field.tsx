import type { InputHTMLAttributes } from 'react';
import { SearchIcon } from './icons.js';
import formStyles from './form.module.css';

export type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> & {
  id: string;
  /** Said to screen readers only: the magnifier and the placeholder carry it on screen. */
  label: string;
  /** The magnifier's size; without one there is none (a box whose submit button shows it instead). */
  iconSize?: number;
  iconClassName?: string | undefined;
  inputClassName: string | undefined;
};

/**
 * A search box's hidden label, magnifier (when sized) and input. The caller supplies the wrapper (a
 * form or a div with role="search"), since some submit and some search as people type. What people search
 * for (names, usernames, a word they remember) is neither an address to fill in nor prose to spell-check.
 */
export function SearchField({
  id,
  label,
  iconSize,
  iconClassName,
  inputClassName,
  ...input
}: SearchFieldProps) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {iconSize === undefined ? null : <SearchIcon size={iconSize} className={iconClassName} />}
      <input
        dir="auto"
        id={id}
        type="search"
        autoComplete="off"
        spellCheck={false}
        className={inputClassName}
        {...input}
      />
    </>
  );
}

type DirectorySearchFieldProps = Pick<
  SearchFieldProps,
  'id' | 'label' | 'inputClassName' | 'enterKeyHint'
> & {
  value: string;
  onSearch: (value: string) => void;
};

/**
 * The persona directory's search pill, in the Explorer and the Charioteer's persona picker alike.
 * 100 characters is the most the directory's ?q= accepts (contracts/personas.ts).
 */
export function DirectorySearchField({ value, onSearch, ...field }: DirectorySearchFieldProps) {
  return (
    <SearchField
      {...field}
      iconSize={18}
      iconClassName={formStyles.searchIcon}
      placeholder="search ai"
      value={value}
      maxLength={100}
      onChange={(event) => onSearch(event.target.value)}
    />
  );
}
