import { useState } from 'react';
import { IconButton } from './button.js';
import { EyeIcon, EyeOffIcon } from './icons.js';
import { TextField, type TextFieldProps } from './text-field.js';

/** A password input with a show/hide toggle, so people can check what they typed on a phone. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <IconButton
          size="sm"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </IconButton>
      }
    />
  );
}
