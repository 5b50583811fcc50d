import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where a value comes from when Prometheus asks (read then, never kept up to date on the hot path). */
export interface MetricSources {
  openSockets: () => number;
  /** PostgreSQL's pool; absent on SQLite, which has one connection and no pool. */
  dbPool?: () => { total: number; idle: number; waiting: number };
}

/**
 * The process's metrics, in a registry of its own (several apps in one test process must not share one).
 * Counters and histograms are cheap to update (no I/O, no allocation per call); gauges of things that already
 * keep a count (sockets, the pool) are read only when scraped.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const sources: Partial<MetricSources> = {};

  const metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route (its pattern, not the URL) and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    messagesSent: new Counter({
      name: 'messages_sent_total',
      help: 'Direct messages stored, over HTTP and sockets (a retried send already stored is not counted)',
      registers: [registry],
    }),
    aiWaiting: new Gauge({
      name: 'ai_queue_depth',
      help: 'Generations waiting for their turn (queued persona replies and roundtable turns)',
      registers: [registry],
    }),
    aiGeneration: new Histogram({
      name: 'ai_generation_duration_seconds',
      help: 'Time from asking the AI engine to its last word, by outcome',
      labelNames: ['outcome'] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    /** Tells the gauges read at scrape time where to look; called once the parts exist. */
    readFrom(from: MetricSources) {
      Object.assign(sources, from);
    },
  };

  new Gauge({
    name: 'socketio_open_sockets',
    help: 'socket.io connections open on this process',
    registers: [registry],
    collect() {
      this.set(sources.openSockets?.() ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, and requests waiting for one); empty on SQLite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.dbPool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;
