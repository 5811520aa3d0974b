import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isKnownPrivateHost, isPublicAddress } from './addresses';
import { createSafeFetcher, FETCH_MESSAGES, LinkFetchError, type ResolvedAddress } from './safe-fetch';

// What the stub DNS answers; a name not listed does not exist.
const DNS: Record<string, ResolvedAddress[]> = {
  '10.0.0.1.nip.io': [{ address: '10.0.0.1', family: 4 }],
  '127.0.0.1.nip.io': [{ address: '127.0.0.1', family: 4 }],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
  'half-private.example': [{ address: '93.184.215.14', family: 4 }, { address: '192.168.1.20', family: 4 }],
  'v6-loopback.example': [{ address: '::1', family: 6 }],
  'v6-mapped.example': [{ address: '::ffff:10.1.2.3', family: 6 }],
  'v6-ula.example': [{ address: 'fd00::5', family: 6 }],
  'v6-link-local.example': [{ address: 'fe80::1%eth0', family: 6 }],
  'cgnat.example': [{ address: '100.64.1.1', family: 4 }],
  'public.example': [{ address: '93.184.215.14', family: 4 }, { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }],
};
const stubResolve = vi.fn(async (host: string) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
});

const fetcher = createSafeFetcher({ resolve: stubResolve });

async function failure(promise: Promise<unknown>): Promise<LinkFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LinkFetchError);
  return error as LinkFetchError;
}

afterEach(() => {
  vi.restoreAllMocks();
  stubResolve.mockClear();
});

describe('addresses', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254',
    '100.64.0.1', '100.127.255.255', '0.0.0.0', '0.1.2.3', '255.255.255.255', '224.0.0.1', '239.255.255.250',
    '192.0.2.1', '198.18.0.1', '203.0.113.9', '240.0.0.1',
    '::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'fec0::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
    '::127.0.0.1', '::ffff:0:127.0.0.1', '2002:7f00:1::1', '2002:c0a8:101::1', '2001:db8::1',
    // Teredo whose client (the last 32 bits, flipped) is 127.0.0.1.
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    '64:ff9b::a00:1', '64:ff9b:1::1',
    'not an address', '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:808:808::1', '64:ff9b::808:808', '[2a00:1450:4001:82a::200e]'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('knows private hosts without DNS, for thumbnails', () => {
    expect(isKnownPrivateHost('localhost')).toBe(true);
    expect(isKnownPrivateHost('api.localhost')).toBe(true);
    expect(isKnownPrivateHost('[::1]')).toBe(true);
    expect(isKnownPrivateHost('10.0.0.9')).toBe(true);
    expect(isKnownPrivateHost('example.com')).toBe(false);
    expect(isKnownPrivateHost('8.8.8.8')).toBe(false);
  });
});

describe('createSafeFetcher: refused before any connection', () => {
  it.each([
    'http://127.0.0.1/', 'http://localhost/', 'http://localhost./', 'http://LOCALHOST:8080/', 'http://app.localhost/',
    'http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://0x7f000001/', 'http://127.1/', 'http://127.0.0.1./',
    'http://0/', 'http://0.0.0.0:3000/', 'http://[::]/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/', 'http://[::ffff:7f00:1]:8080/', 'http://[::127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data', 'http://[::ffff:169.254.169.254]/latest/meta-data',
    'http://10.0.0.1/', 'http://172.16.5.4/', 'http://192.168.1.1/admin', 'http://100.64.0.1/', 'http://224.0.0.1/',
    'http://255.255.255.255/', 'http://[fe80::1]/', 'http://[fc00::1]/', 'http://[fd00::1]/', 'http://[ff02::1]/',
    'http://[2002:7f00:1::1]/', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'http://[64:ff9b::a00:1]/',
    'https://user:pass@127.0.0.1/',
    // Names that resolve privately (the stub DNS above).
    'http://10.0.0.1.nip.io/', 'http://127.0.0.1.nip.io:8080/x', 'http://metadata.example/latest/meta-data',
    'http://half-private.example/', 'http://v6-loopback.example/', 'http://v6-mapped.example/', 'http://v6-ula.example/',
    'http://v6-link-local.example/', 'http://cgnat.example/',
  ])('%s', async (url) => {
    const request = vi.spyOn(http, 'request');
    const error = await failure(fetcher.fetch(url));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('That address points inside a private network, so we will not fetch it.');
    expect(request).not.toHaveBeenCalled();
  });

  it('refuses an IPv6 zone id (the URL parser does not take one)', async () => {
    const error = await failure(fetcher.fetch('http://[fe80::1%25eth0]/'));
    expect(['invalid-url', 'refused']).toContain(error.kind);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/file', 'gopher://example.com:70/', 'data:text/html,<h1>hi</h1>', 'javascript:alert(1)', 'ws://example.com/'])(
    'refuses the scheme of %s',
    async (url) => {
      const error = await failure(fetcher.fetch(url));
      expect(error.kind).toBe('scheme');
      expect(error.message).toBe(FETCH_MESSAGES.scheme);
      expect(stubResolve).not.toHaveBeenCalled();
    },
  );

  it.each(['', 'not a url', 'http://', 'https://exa mple.com/'])('says %j is not a valid URL', async (url) => {
    const error = await failure(fetcher.fetch(url));
    expect(error.kind).toBe('invalid-url');
    expect(error.message).toBe('Not a valid URL');
  });

  it('says when a name does not exist', async () => {
    const error = await failure(fetcher.fetch('https://no-such-host.example/'));
    expect(error).toMatchObject({ kind: 'not-found', message: FETCH_MESSAGES.notFound });
  });

  it('gives up on a DNS answer that does not come in time', async () => {
    const slow = createSafeFetcher({ resolve: () => new Promise(() => {}), timeoutMs: 50 });
    const error = await failure(slow.fetch('https://slow-dns.example/'));
    expect(error).toMatchObject({ kind: 'timeout', message: 'The page took too long to answer.' });
  });
});

describe('createSafeFetcher: public addresses pass the check', () => {
  it.each([
    ['https://public.example/page', '93.184.215.14'],
    ['http://8.8.8.8/', '8.8.8.8'],
    ['http://134744072/', '8.8.8.8'],
    ['http://[2606:4700:4700::1111]/', '2606:4700:4700::1111'],
    ['https://[::ffff:8.8.8.8]/', '::ffff:808:808'],
    ['HTTPS://PUBLIC.EXAMPLE./x?y=1#frag', '93.184.215.14'],
  ])('%s connects to %s', async (url, address) => {
    const target = await fetcher.check(url);
    expect(target.address).toBe(address);
    expect(target.url.hash).toBe('');
  });

  it('drops a user name and password from the URL', async () => {
    const target = await fetcher.check('https://ann:secret@public.example/');
    expect(target.url.href).toBe('https://public.example/');
  });
});

describe('createSafeFetcher: the connection goes to the address checked', () => {
  let server: http.Server;
  let port = 0;
  const seen: { host?: string; cookie?: string; ua?: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ host: req.headers.host, cookie: req.headers.cookie, ua: req.headers['user-agent'] });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<title>Pinned</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('never asks DNS again when connecting, so a rebinding answer cannot swap the address', async () => {
    // First answer: the test server. Any later answer would point elsewhere; the name is not real,
    // so the system resolver could not find it either: only the pinned lookup can connect.
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.9.9.9', family: 4 }]];
    const resolve = vi.fn(async () => answers.shift() ?? []);
    const pinned = createSafeFetcher({ resolve, allowHosts: [`rebind.test:${port}`] });
    const page = await pinned.fetch(`http://rebind.test:${port}/`);
    expect(page.body.toString()).toBe('<title>Pinned</title>');
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toMatchObject({ host: `rebind.test:${port}`, cookie: undefined });
    expect(seen.at(-1)!.ua).toMatch(/^Tumbleweed-LinkPreview\//);
  });

  it('an allowance is for its host and port only', async () => {
    const allowed = createSafeFetcher({ allowHosts: [`127.0.0.1:${port}`] });
    await expect(allowed.fetch(`http://127.0.0.1:${port}/`)).resolves.toMatchObject({ status: 200 });
    expect((await failure(allowed.fetch(`http://127.0.0.1:${port + 1}/`))).kind).toBe('refused');
    expect((await failure(allowed.fetch(`http://localhost:${port}/`))).kind).toBe('refused');
    expect((await failure(createSafeFetcher().fetch(`http://127.0.0.1:${port}/`))).kind).toBe('refused');
  });
});
