import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import { PICTURE_ACCEPT } from '../../../contracts/pictures.js';
import { TINY_PNG as PNG } from '../../test/png.js';
import { ImagePicker, type PictureChoice } from './image-picker.js';

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

// The browser's accept filter is off so the component's own check is what gets tested.
const user = () => userEvent.setup({ applyAccept: false });
const input = () => screen.getByLabelText('Choose picture');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
/** The picker's live region: always in the page, so each refusal is announced. */
const liveMessage = () => document.querySelector('[aria-live="assertive"]');
const avatar = () => screen.getByRole('img', { name: 'Profile picture of Ada' });

async function pickRealPng() {
  await user().upload(input(), new File([PNG], 'me.png', { type: 'image/png' }));
  await waitFor(() =>
    expect(avatar()).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/)),
  );
}

describe('ImagePicker', () => {
  beforeEach(() => {
    lastChoice = { kind: 'keep' };
  });

  it('offers only the picture types the server stores in the file dialog', () => {
    render(<Harness />);
    expect(input()).toHaveAttribute('accept', PICTURE_ACCEPT);
    expect(PICTURE_ACCEPT).not.toContain('svg');
  });

  it('previews a real PNG as a data URL', async () => {
    render(<Harness />);
    await pickRealPng();
    expect(lastChoice.kind).toBe('new');
    expect(liveMessage()).toHaveTextContent('');
  });

  it.each([
    ['an SVG', new File([SVG], 'logo.svg', { type: 'image/svg+xml' }), ERRORS.imageType],
    [
      'text renamed to .png',
      new File(['just some notes'], 'notes.png', { type: 'image/png' }),
      ERRORS.imageMismatch,
    ],
    ['a PDF', new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }), ERRORS.imageType],
    ['a PNG labelled as JPEG', new File([PNG], 'me.jpg', { type: 'image/jpeg' }), ERRORS.imageMismatch],
  ])('refuses %s before any preview and keeps the picture shown before', async (_label, file, message) => {
    render(<Harness />);
    await pickRealPng();
    const before = avatar().getAttribute('src');

    await user().upload(input(), file);
    await waitFor(() => expect(liveMessage()).toHaveTextContent(message));
    expect(avatar()).toHaveAttribute('src', before);
    expect(lastChoice.kind).toBe('new');
    expect(input()).toHaveAccessibleDescription(message);
    expect((input() as HTMLInputElement).value).toBe('');
  });

  it('refuses pictures over 2 MB before any upload', async () => {
    render(<Harness />);
    const big = new File([PNG, new Uint8Array(2 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    await user().upload(input(), big);
    await waitFor(() => expect(liveMessage()).toHaveTextContent(ERRORS.imageTooLarge));
    expect(lastChoice).toEqual({ kind: 'keep' });
    expect(avatar().tagName).toBe('SPAN');
  });

  it('clears the message once a good picture follows a refused one', async () => {
    render(<Harness />);
    await user().upload(input(), new File([SVG], 'logo.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(liveMessage()).toHaveTextContent(ERRORS.imageType));
    await pickRealPng();
    expect(liveMessage()).toHaveTextContent('');
  });
});
