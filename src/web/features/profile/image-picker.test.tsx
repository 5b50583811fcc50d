import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import { ImagePicker, NOT_AN_IMAGE_MESSAGE, type PictureChoice } from './image-picker.js';

let lastChoice: PictureChoice = { kind: 'keep' };

function Harness() {
  const [choice, setChoice] = useState<PictureChoice>({ kind: 'keep' });
  return (
    <ImagePicker
      name="Ada"
      username="ada"
      currentUrl=""
      choice={choice}
      onChoice={(next) => {
        lastChoice = next;
        setChoice(next);
      }}
    />
  );
}

// 1x1 transparent PNG.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
// The browser's accept filter is off so the component's own check is what gets tested.
const user = () => userEvent.setup({ applyAccept: false });
const input = () => screen.getByLabelText('Choose picture');

describe('ImagePicker', () => {
  it('only accepts images in the file dialog', () => {
    render(<Harness />);
    expect(input()).toHaveAttribute('accept', 'image/*');
  });

  it('previews a chosen image as a data URL', async () => {
    render(<Harness />);
    await user().upload(input(), new File([PNG], 'me.png', { type: 'image/png' }));
    // The initial-letter avatar is replaced by an <img> once the file has been read.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Profile picture of Ada' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/),
      ),
    );
    expect(lastChoice.kind).toBe('new');
  });

  it('refuses a file whose type is not image/*: clears the preview and says why', async () => {
    render(<Harness />);
    await user().upload(input(), new File([PNG], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(lastChoice.kind).toBe('new'));

    await user().upload(input(), new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_AN_IMAGE_MESSAGE);
    expect(lastChoice).toEqual({ kind: 'keep' });
    // Back to the initial-letter avatar: no data URL preview left.
    expect(screen.getByRole('img', { name: 'Profile picture of Ada' }).tagName).toBe('SPAN');
    expect((input() as HTMLInputElement).value).toBe('');
  });

  it('refuses pictures over 2 MB before any upload', async () => {
    render(<Harness />);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user().upload(input(), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(ERRORS.imageTooLarge);
    expect(lastChoice).toEqual({ kind: 'keep' });
  });
});
