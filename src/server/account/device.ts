import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../limits/client-address';
import { hashToken } from '../http/tokens';

/** What the sessions list says about where a session was started. */
export interface SessionOrigin {
  device: string;
  addressHash: string;
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", iOS says "Mac OS X".
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Linux" from a User-Agent; the parts that are not recognised are left out. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/**
 * The device and a short hash of the address: enough to tell two sessions' networks apart, while
 * the list (and a copy of the table) never shows where someone was.
 */
export function sessionOrigin(request: FastifyRequest): SessionOrigin {
  return { device: describeDevice(request.headers['user-agent']), addressHash: hashToken(`address:${clientAddress(request)}`).slice(0, 12) };
}
