// The page's own chunk, named in the HTML's Link header (issue 25 item 9): without it the browser
// learns of the page's code only once the entry script has run the router, one more round trip
// before the page can ask for its data. Read from Vite's build manifest (build.manifest).
import fs from 'node:fs';
import path from 'node:path';
import { matchPageRoute, type PageRoute } from '../../shared/routes';

/**
 * The pages people land on from outside (a shared link, a search engine, the sign-in page), by the
 * module the client's router loads for them, from the client's root (src/client/app/router.tsx; route-preloads.unit.test.ts
 * checks the two agree). Pages reached from inside the app load their chunk as they are opened.
 */
export const LANDING_PAGE_MODULES: Partial<Record<PageRoute, string>> = {
  login: 'account/LoginPage.tsx',
  register: 'account/RegisterPage.tsx',
  dashboard: 'dashboard/DashboardPage.tsx',
  blog: 'feed/BlogPage.tsx',
  post: 'feed/PostPage.tsx',
  tagged: 'tags/TaggedPage.tsx',
  search: 'search/SearchPage.tsx',
  explore: 'explore/ExplorePage.tsx',
};

/**
 * The first API answers a landing page reads, at the very addresses the client asks for them
 * (src/client/api: useBlogData, usePostPages' first page, usePostView): fetched with the page's
 * code rather than after it has run. A preload the page does not use is only a wasted request.
 */
const enc = encodeURIComponent;
const LANDING_PAGE_DATA: Partial<Record<PageRoute, (params: Record<string, string>) => string[]>> = {
  blog: ({ name = '' }) => [`/svc/data/tumblelog?tumblelog=${enc(name)}`, `/svc/post/blog/${enc(name)}/before/0`],
  post: ({ name = '', postId = '' }) => [`/svc/post/view/${enc(name)}/${enc(postId)}`, `/svc/data/tumblelog?tumblelog=${enc(name)}`],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file, the chunks it imports statically and their styles, minus what the entry brings. */
function chunkFiles(manifest: Manifest, key: string, skip: Set<string>) {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    const chunk = manifest[id];
    if (!chunk || seen.has(id)) return;
    seen.add(id);
    if (!skip.has(chunk.file)) scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!skip.has(css)) styles.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles };
}


/**
 * For a page's path, the Link header value that preloads its chunk (modulepreload) and the chunk's
 * styles; null for other pages, or when the client was built without a manifest (the page still
 * works: its chunk then loads when the router asks for it).
 */
export function routePreloads(clientDir: string): (pathname: string) => string | null {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return () => null;
  }
  // The entry's stylesheets come first (they block the first paint), then its scripts, then the
  // page's: named in the header, the page's files would otherwise take the connections before
  // what index.html asks for (its own tags come later). `crossorigin`, as index.html's tags and
  // Vite's loader ask for them: a preload fetched in another mode would not be used.
  const entryId = Object.keys(manifest).find((id) => manifest[id]?.isEntry);
  const entry = entryId ? chunkFiles(manifest, entryId, new Set()) : { scripts: [], styles: [] };
  const skip = new Set([...entry.scripts, ...entry.styles]);
  const headers = new Map<PageRoute, string>();
  for (const [route, module] of Object.entries(LANDING_PAGE_MODULES) as Array<[PageRoute, string]>) {
    if (!manifest[module]) continue;
    const page = chunkFiles(manifest, module, skip);
    const style = (file: string) => `</${file}>; rel=preload; as=style; crossorigin`;
    const script = (file: string) => `</${file}>; rel=modulepreload; crossorigin`;
    const links = [...entry.styles.map(style), ...entry.scripts.map(script), ...page.styles.map(style), ...page.scripts.map(script)];
    headers.set(route, links.join(', '));
  }
  return (pathname) => {
    const match = matchPageRoute(pathname);
    const code = match ? headers.get(match.route) : undefined;
    if (!match || !code) return null;
    const data = (LANDING_PAGE_DATA[match.route]?.(match.params) ?? []).map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`);
    return [code, ...data].join(', ');
  };
}
