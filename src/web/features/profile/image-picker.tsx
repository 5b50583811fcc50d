import { useId, useRef, useState, type ChangeEvent } from 'react';
import { PICTURE_ACCEPT } from '../../../contracts/pictures.js';
import { ImageIcon } from '../../components/ui/icons.js';
import { readAsDataUrl } from '../../lib/read-file.js';
import { checkPictureFile } from './picture-file-check.js';
import { Avatar } from '../../components/ui/avatar.js';
import formStyles from '../../components/ui/form.module.css';
import styles from './profile-edit.module.css';

/** What the next update does with the picture. */
export type PictureChoice = { kind: 'keep' } | { kind: 'new'; dataUrl: string } | { kind: 'remove' };

export const UNREADABLE_PICTURE_MESSAGE = 'That file could not be read. Please try another picture.';

interface ImagePickerProps {
  name: string;
  username: string;
  currentUrl: string;
  choice: PictureChoice;
  onChoice: (choice: PictureChoice) => void;
}

/**
 * Profile picture picker: previews the chosen image as a data URL. A file goes through the server's own
 * picture rule first (type, size, magic bytes); one it would refuse is refused here, with the reason in a
 * live region, and the picture shown before stays as it was.
 */
export function ImagePicker({ name, username, currentUrl, choice, onChoice }: ImagePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const [message, setMessage] = useState('');

  const refuse = (text: string) => {
    setMessage(text);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const check = await checkPictureFile(file);
      if (!check.ok) return refuse(check.message);
      const dataUrl = await readAsDataUrl(file);
      setMessage('');
      onChoice({ kind: 'new', dataUrl });
    } catch {
      refuse(UNREADABLE_PICTURE_MESSAGE);
    }
  };

  const preview = choice.kind === 'new' ? choice.dataUrl : choice.kind === 'remove' ? '' : currentUrl;
  return (
    <div className={styles.picker}>
      <Avatar name={name} username={username} src={preview} size={96} />
      <div className={styles.pickerControls}>
        <span className={styles.pickerTitle}>Profile picture</span>
        <div className={styles.pickerButtons}>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={PICTURE_ACCEPT}
            aria-describedby={message ? messageId : undefined}
            className={`visually-hidden ${formStyles.fileInput}`}
            onChange={(event) => void onFile(event)}
          />
          {/* The input comes first so its keyboard focus can light up this label (CSS sibling rule). */}
          <label htmlFor={inputId} className={styles.fileButton}>
            <ImageIcon size={18} />
            Choose picture
          </label>
          {preview !== '' ? (
            <button
              type="button"
              className={formStyles.dangerLink}
              onClick={() => onChoice({ kind: 'remove' })}
            >
              Remove
            </button>
          ) : null}
        </div>
        <span className={styles.pickerHint}>PNG, JPEG, GIF, WebP, AVIF, BMP or ICO, up to 2 MB.</span>
        {/* Always present, so screen readers hear each new refusal (a region added with its text may be missed). */}
        <p id={messageId} aria-live="assertive" aria-atomic="true" className={formStyles.inlineError}>
          {message}
        </p>
      </div>
    </div>
  );
}
