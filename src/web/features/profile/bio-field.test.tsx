import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../contracts/rules.js';
import { BioField } from './bio-field.js';

function Harness({ initial = '' }: { initial?: string }) {
  const [bio, setBio] = useState(initial);
  return <BioField value={bio} onChange={setBio} />;
}

describe('BioField', () => {
  it('counts characters live as "n/105"', async () => {
    render(<Harness />);
    expect(screen.getByText('0/105')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Bio'), 'Hello');
    expect(screen.getByText('5/105')).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveAccessibleDescription('5/105');
  });

  it('never holds more than 105 characters, even when pasting', async () => {
    render(<Harness />);
    const bio = screen.getByLabelText('Bio');
    expect(bio).toHaveAttribute('maxLength', String(LIMITS.profileBioMax));
    await userEvent.click(bio);
    await userEvent.paste('x'.repeat(150));
    expect(bio).toHaveValue('x'.repeat(105));
    expect(screen.getByText('105/105')).toBeInTheDocument();
  });
});
