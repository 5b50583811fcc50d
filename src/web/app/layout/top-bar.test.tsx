import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useTheme } from '../../lib/theme-store.js';
import { buildSelfUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

describe('top bar', () => {
  afterEach(() => {
    useTheme.setState({ starMode: false });
    delete document.documentElement.dataset.theme;
  });

  it('is hidden for visitors', () => {
    renderApp('/tos');
    expect(screen.queryByRole('button', { name: 'Star mode' })).not.toBeInTheDocument();
  });

  it('shows the app name and toggles star mode, remembering it', async () => {
    renderApp('/studio', { user: buildSelfUser() });
    expect(screen.getByRole('banner')).toHaveTextContent('Simplified');
    const toggle = screen.getByRole('button', { name: 'Star mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBe('star');
    expect(window.localStorage.getItem('theme')).toBe('star');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(window.localStorage.getItem('theme')).toBeNull();
  });
});
