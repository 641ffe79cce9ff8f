import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeGamstopMode = 'answer' | 'error' | 'nonsense' | 'slow';

/**
 * A local stand-in for GAMSTOP's API: answers by the form's lastName as the sandbox does (Excluded: Y,
 * Lapsed: P, else N) in the X-Exclusion header, or fails as `mode` says. Records every request it received.
 */
export class FakeGamstop {
  mode: FakeGamstopMode = 'answer';
  readonly requests: Array<{
    apiKey: string | undefined;
    contentType: string | undefined;
    form: Record<string, string>;
  }> = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        this.requests.push({
          apiKey: request.headers['x-api-key'] as string | undefined,
          contentType: request.headers['content-type'],
          form,
        });
        if (this.mode === 'slow') return void setTimeout(() => response.end(), 8000);
        if (this.mode === 'error') return void response.writeHead(500).end('down for maintenance');
        if (this.mode === 'nonsense')
          return void response.writeHead(200, { 'X-Exclusion': 'maybe' }).end('<html>hello</html>');
        const lastName = (form.lastName ?? '').toLowerCase();
        const exclusion = lastName === 'excluded' ? 'Y' : lastName === 'lapsed' ? 'P' : 'N';
        response.writeHead(200, { 'X-Exclusion': exclusion, 'X-Unique-Id': `fake-${this.requests.length}` }).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
