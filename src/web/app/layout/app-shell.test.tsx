import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSelfUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

describe('app shell navigation', () => {
  it('starts a new page at the top and gives its title focus', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderApp('/tos', { user: buildSelfUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & privacy' })).not.toHaveFocus();

    await act(() => router.navigate('/about'));
    const title = await screen.findByRole('heading', { level: 1, name: 'About Simplified' });
    expect(title).toHaveFocus();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('leaves focus alone when only the query changes', async () => {
    const { router } = renderApp('/about');
    const title = await screen.findByRole('heading', { level: 1, name: 'About Simplified' });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    skip.focus();
    await act(() => router.navigate('/about?x=1'));
    expect(skip).toHaveFocus();
    expect(title).not.toHaveFocus();
  });
});
