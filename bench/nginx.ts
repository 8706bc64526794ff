/** nginx serving a folder of built files on a free port, with Debian's usual gzip settings. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

export async function startNginx(root: string): Promise<RunningNginx> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  const runAsRoot = process.getuid?.() === 0 ? 'user root root;' : '';
  await writeFile(
    join(dir, 'nginx.conf'),
    `${runAsRoot}
worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip on;
  gzip_vary on;
  gzip_proxied any;
  gzip_comp_level 6;
  gzip_buffers 16 8k;
  gzip_http_version 1.1;
  gzip_types text/plain text/css application/json application/javascript text/xml application/xml application/xml+rss text/javascript image/svg+xml;
  etag on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
    location /_astro/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
  }
}
`,
  );
  const child: ChildProcess = spawn('/usr/sbin/nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(url);
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForAnswer(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer at ${url}`);
}
