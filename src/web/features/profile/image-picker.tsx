import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ERRORS } from '../../../contracts/errors.js';
import { LIMITS } from '../../../contracts/rules.js';
import { ImageIcon } from '../../components/ui/icons.js';
import { readAsDataUrl } from '../../lib/read-file.js';
import { Avatar } from '../../components/ui/avatar.js';
import formStyles from '../../components/ui/form.module.css';
import styles from './profile-edit.module.css';

/** What the next update does with the picture. */
export type PictureChoice = { kind: 'keep' } | { kind: 'new'; dataUrl: string } | { kind: 'remove' };

export const NOT_AN_IMAGE_MESSAGE = 'Please choose an image file (PNG, JPEG, GIF or WebP).';

interface ImagePickerProps {
  name: string;
  username: string;
  currentUrl: string;
  choice: PictureChoice;
  onChoice: (choice: PictureChoice) => void;
}

/**
 * Profile picture picker: previews the chosen image as a data URL. Only image/* files are taken
 * (anything else clears the preview with a message) and pictures over 2 MB are refused before upload.
 */
export function ImagePicker({ name, username, currentUrl, choice, onChoice }: ImagePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);

  const refuse = (text: string) => {
    setMessage(text);
    onChoice({ kind: 'keep' });
    if (inputRef.current) inputRef.current.value = '';
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) return refuse(NOT_AN_IMAGE_MESSAGE);
    if (file.size > LIMITS.profilePicBytesMax) return refuse(ERRORS.imageTooLarge);
    try {
      const dataUrl = await readAsDataUrl(file);
      setMessage(null);
      onChoice({ kind: 'new', dataUrl });
    } catch {
      refuse('That file could not be read. Please try another picture.');
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
            accept="image/*"
            className={`visually-hidden ${formStyles.fileInput}`}
            onChange={(event) => void onFile(event)}
          />
          {/* The input comes first so its keyboard focus can light up this label (CSS sibling rule). */}
          <label htmlFor={inputId} className={styles.fileButton}>
            <ImageIcon size={18} />
            Choose picture
          </label>
          {preview !== '' ? (
            <button type="button" className={styles.linkButton} onClick={() => onChoice({ kind: 'remove' })}>
              Remove
            </button>
          ) : null}
        </div>
        <span className={styles.pickerHint}>PNG, JPEG, GIF or WebP, up to 2 MB.</span>
        {message ? (
          <p role="alert" className={formStyles.inlineError}>
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
