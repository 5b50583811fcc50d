import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock.js';
import { renderApp } from '../../test/render.js';
import { QUOTES } from './quotes.js';

describe('terms page (/tos)', () => {
  it('states the terms, the privacy policy and the contact address from /api/config', async () => {
    mockApi((call) =>
      call.path === '/api/config'
        ? { status: 200, body: { contactEmail: 'hello@simplified.test' } }
        : { status: 404 },
    );
    renderApp('/tos');
    const links = await screen.findAllByRole('link', { name: 'hello@simplified.test' });
    expect(links[0]).toHaveAttribute('href', 'mailto:hello@simplified.test');

    const terms = screen.getByRole('region', { name: 'Terms of service' });
    expect(terms).toHaveTextContent('entertainment only');
    expect(terms).toHaveTextContent('18 years of age or older');
    expect(terms).toHaveTextContent('residents of the United States only');
    expect(terms).toHaveTextContent('not offered to residents of the European Union');

    const privacy = screen.getByRole('region', { name: 'Privacy policy' });
    expect(privacy).toHaveTextContent('argon2id');
    expect(privacy).toHaveTextContent('We do not sell your data');
    expect(privacy).toHaveTextContent(
      'Download my data gives you one zip file with everything you own or wrote',
    );
    expect(privacy).toHaveTextContent('Delete my account, on the same page, asks for your password');
    expect(privacy).toHaveTextContent('shown as from “deleted account”');
    expect(privacy).toHaveTextContent('Your username stays reserved for 30 days');
    expect(within(privacy).getByRole('link', { name: 'hello@simplified.test' })).toBeInTheDocument();
  });

  it('lists quotes with their authors', () => {
    mockApi(() => ({ status: 404 }));
    renderApp('/tos');
    const quotes = within(screen.getByRole('region', { name: 'Quotes we like' })).getAllByRole('figure');
    expect(quotes).toHaveLength(QUOTES.length);
    expect(quotes[0]).toHaveTextContent('Simplify, simplify.');
    expect(quotes[0]).toHaveTextContent('Henry David Thoreau');
  });
});
