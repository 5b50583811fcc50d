import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING } from '../service-worker/updates.js';
import { activateNewVersion, registerServiceWorker, useWaitingWorker } from './service-worker.js';

/** A ServiceWorkerContainer and its registration, with what a test needs to drive them. */
function fakeContainer({ controlled, waiting }: { controlled: boolean; waiting: boolean }) {
  const worker = { postMessage: vi.fn() } as unknown as ServiceWorker;
  const registration = Object.assign(new EventTarget(), {
    waiting: waiting ? worker : null,
    installing: null as unknown,
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(() => Promise.resolve(registration)),
  });
  return { container, registration, worker };
}

const reload = vi.fn();
const start = (container: ReturnType<typeof fakeContainer>['container']) =>
  registerServiceWorker(container as unknown as ServiceWorkerContainer);
/** Lets the registration promise settle. */
const settle = () => act(async () => await Promise.resolve());

afterEach(() => {
  useWaitingWorker.setState({ worker: null });
  reload.mockReset();
});
Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });

describe('registering the service worker', () => {
  it('registers /sw.js for the whole site', () => {
    const { container } = fakeContainer({ controlled: false, waiting: false });
    start(container);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('leaves browsers without service workers alone', () => {
    expect(() => registerServiceWorker(undefined)).not.toThrow();
  });

  it('offers the new version when one waits behind the running one, and asks it to take over', async () => {
    const { container, worker } = fakeContainer({ controlled: true, waiting: true });
    start(container);
    await settle();
    expect(useWaitingWorker.getState().worker).toBe(worker);
    activateNewVersion();
    expect(worker.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
  });

  it('notes a new version that finishes installing while the tab is open', async () => {
    const { container, registration, worker } = fakeContainer({ controlled: true, waiting: false });
    start(container);
    await settle();
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    registration.waiting = worker;
    act(() => void installing.dispatchEvent(new Event('statechange')));
    expect(useWaitingWorker.getState().worker).toBe(worker);
  });

  it('offers nothing on the first install: no older version runs', async () => {
    const { container } = fakeContainer({ controlled: false, waiting: true });
    start(container);
    await settle();
    expect(useWaitingWorker.getState().worker).toBeNull();
  });

  it('reloads a tab of the old version once when the new one takes control, so no tab mixes versions', () => {
    const { container } = fakeContainer({ controlled: true, waiting: false });
    start(container);
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first install takes control', () => {
    const { container } = fakeContainer({ controlled: false, waiting: false });
    start(container);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });
});
