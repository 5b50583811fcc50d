import { io, type Socket } from 'socket.io-client';
import type { Message } from '../../src/contracts/messages.js';

export interface Peer {
  userId: string;
  cookie: string;
}

export interface PhaseResult {
  offered: number;
  delivered: number;
  deliveredPerSecond: number;
  errors: number;
  /** The first refusal's message, to name the bottleneck. */
  firstError: string;
  p50: number;
  p95: number;
  p99: number;
}

export interface Connected {
  sockets: Socket[];
  close: () => void;
}

/** Opens one websocket per peer, authenticated as that peer. */
export async function connectPeers(baseUrl: string, peers: Peer[]): Promise<Connected> {
  const sockets = await Promise.all(
    peers.map(
      (peer) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = io(baseUrl, {
            transports: ['websocket'],
            extraHeaders: { cookie: peer.cookie },
            query: { userId: peer.userId },
            reconnection: false,
            forceNew: true,
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    ),
  );
  return { sockets, close: () => sockets.forEach((s) => s.close()) };
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
    : 0;
}

const TICK_MS = 10;

/**
 * Offers `rate` messages a second for `seconds`, open-loop: peers[2i] and peers[2i+1] write to each other.
 * Latency is send-to-receive at the recipient; a message counts once it was stored and delivered.
 */
export async function runPhase(
  peers: Peer[],
  sockets: Socket[],
  rate: number,
  seconds: number,
): Promise<PhaseResult> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  let lastDelivery = 0;
  const listeners = sockets.map((socket, i) => {
    const me = peers[i]?.userId;
    const onMessage = (message: Message) => {
      if (message.sender === me) return;
      const t0 = sentAt.get(message.text);
      if (t0 === undefined) return;
      sentAt.delete(message.text);
      lastDelivery = performance.now();
      latencies.push(lastDelivery - t0);
    };
    socket.on('newMessage', onMessage);
    return () => socket.off('newMessage', onMessage);
  });

  const total = Math.round(rate * seconds);
  let sent = 0;
  let next = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.round(((performance.now() - started) / 1000) * rate));
      for (; sent < due; sent += 1) {
        const from = next % peers.length;
        next += 1;
        const to = from % 2 === 0 ? from + 1 : from - 1;
        const text = `bench ${rate} ${sent}`;
        sentAt.set(text, performance.now());
        sockets[from]?.emit(
          'sendMessage',
          { message: text, recipientId: peers[to]?.userId ?? '' },
          (answer: unknown) => {
            if (typeof answer === 'object' && answer !== null && 'error' in answer) {
              errors += 1;
              firstError ||= String(answer.error);
            }
          },
        );
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  // Let in-flight messages land; anything still missing after this counts as not delivered.
  const drainUntil = performance.now() + 3000;
  while (sentAt.size > errors && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  listeners.forEach((off) => off());
  latencies.sort((a, b) => a - b);
  return {
    offered: rate,
    delivered: latencies.length,
    // Over the time from the first send to the last arrival, so a backlog drained late does not flatter.
    deliveredPerSecond: latencies.length / Math.max(seconds, (lastDelivery - started) / 1000),
    errors,
    firstError,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** Resident memory of a process, in bytes (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
