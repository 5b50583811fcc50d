import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

export interface Nginx {
  baseUrl: string;
  /** The nginx configuration it started with, as an operator would write it. */
  config: string;
  /**
   * Takes one upstream (`host:port`) out of the balancer as an operator does before stopping it: marks it
   * `down` and reloads (SIGHUP; nginx -s reload). New workers route around it; old ones finish what they carry.
   */
  takeOut(upstream: string): void;
  close(): Promise<void>;
}

/**
 * The balancer block docs/operations.md recommends: affinity by the session cookie (a signed-in browser's
 * polling requests and its websocket reach one process; anyone signed out by address), websocket upgrades
 * passed through, the client's address in X-Forwarded-For. `X-Served-By` is for tests only: which process
 * answered.
 */
export function balancerConfig(port: number, upstreams: string[], down: string[] = []): string {
  return `
  map $cookie_sid $affinity { "" $remote_addr; default $cookie_sid; }
  map $http_upgrade $connection_upgrade { default upgrade; "" close; }
  upstream simplified {
    hash $affinity consistent;
    ${upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=5s${down.includes(u) ? ' down' : ''};`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://simplified;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 60s;
      add_header X-Served-By $upstream_addr always;
    }
  }`;
}

/** Debian's nginx (`apt-get install nginx-light`) with its own configuration, prefix and port; never the system's. */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-nginx-'));
  // Run as root, the master starts its workers as nobody, who must reach the temp folders in here.
  fs.chmodSync(prefix, 0o755);
  const port = await freePort();
  const writeConfig = (balancer: string) =>
    fs.writeFileSync(
      path.join(prefix, 'nginx.conf'),
      `daemon off;
worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  # A reload's old worker closes its idle client connections; a browser resends a request that meets one
  # closing under it, the tests' fetch does not. So clients here open a connection per request.
  keepalive_timeout 0;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
${balancer}
}
`,
    );
  const balancer = balancerConfig(port, upstreams);
  writeConfig(balancer);
  const child = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' });
  const started = new Promise<void>((resolve, reject) => {
    child.once('error', (error) =>
      reject(new Error(`nginx could not start (is it installed?): ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${readLog(prefix)}`)));
    const poll = setInterval(() => {
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => {
          clearInterval(poll);
          resolve();
        },
        () => undefined,
      );
    }, 100);
    child.once('exit', () => clearInterval(poll));
  });
  await started;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config: balancer,
    takeOut: (upstream) => {
      writeConfig(balancerConfig(port, upstreams, [upstream]));
      child.kill('SIGHUP');
    },
    close: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => {
          fs.rmSync(prefix, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}

function readLog(prefix: string): string {
  try {
    return fs.readFileSync(path.join(prefix, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}
