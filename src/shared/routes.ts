/**
 * Every page address the client draws, in one list: the router renders exactly these, and the
 * server's page fallback answers 404 for any path none of them matches (so the two cannot
 * drift). Patterns are React Router's: `:param` is one segment, a trailing `?` makes it optional.
 */
export const PAGE_ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  // After sign-up (issue 24): the blog's title, avatar and interests, each skippable.
  welcome: '/welcome',
  verifyEmail: '/verify-email',
  // Forgot your password (issue 24): ask for the link; the link's page sets the new password.
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  newPost: '/new/:type',
  editPost: '/edit/:postId',
  reblog: '/reblog/:reblogId/:reblogKey',
  blog: '/blog/:name',
  post: '/blog/:name/post/:postId/:slug?',
  drafts: '/blog/:name/drafts',
  draftsNewPost: '/blog/:name/drafts/new/:type',
  queue: '/blog/:name/queue',
  queueNewPost: '/blog/:name/queue/new/:type',
  activity: '/blog/:name/activity',
  blogSettings: '/blog/:name/settings',
  settings: '/settings',
  settingsAccount: '/settings/account',
  settingsPassword: '/settings/password',
  settingsTfa: '/settings/tfa',
  settingsNotifications: '/settings/notifications',
  settingsApps: '/settings/apps',
  settingsDashboard: '/settings/dashboard',
  help: '/help',
  following: '/following',
  adminReports: '/admin/reports',
  adminAppeals: '/admin/appeals',
  adminFlags: '/admin/flags',
  adminFederation: '/admin/federation',
  follow: '/follow/:name',
  // Spec 2 §2: links that open a conversation window over the dashboard.
  messagingConversation: '/messaging/conversation/:name',
  newConversation: '/conversation/new/:name',
  // Asks and submissions (issue 14): a blog's ask and submit pages ({blog url}/ask, /submit), and its owner's inbox.
  blogAsk: '/blog/:name/ask',
  blogSubmit: '/blog/:name/submit/:type?',
  inbox: '/blog/:name/inbox',
  search: '/search',
  tagged: '/tagged/:tag',
  likes: '/likes',
  explore: '/explore',
  // Issue 17: a blog owner's insights (impressions, notes, followers per day).
  insights: '/blog/:name/insights',
} as const;

export type PageRoute = keyof typeof PAGE_ROUTES;

export interface PageMatch {
  route: PageRoute;
  params: Record<string, string>;
}

interface Compiled {
  route: PageRoute;
  regex: RegExp;
  names: string[];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// As React Router matches: letters in any case, one optional trailing slash, a segment per param.
const COMPILED: Compiled[] = (Object.entries(PAGE_ROUTES) as Array<[PageRoute, string]>).map(([route, pattern]) => {
  const names: string[] = [];
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${escapeRegex(segment)}`;
      names.push(param[1]);
      return param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  return { route, names, regex: new RegExp(`^${body}/?$`, 'i') };
});

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The page a path (without query or hash) is, with its params; null when no page has that address. */
export function matchPageRoute(pathname: string): PageMatch | null {
  for (const { route, regex, names } of COMPILED) {
    const found = regex.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      if (found[i + 1] !== undefined) params[name] = decode(found[i + 1]);
    });
    return { route, params };
  }
  return null;
}

/** In-app addresses, built from the same patterns' shapes. */
export const pagePaths = {
  blog: (name: string) => `/blog/${encodeURIComponent(name)}`,
  post: (name: string, post: { id: string; slug?: string | null }) =>
    `/blog/${encodeURIComponent(name)}/post/${post.id}${post.slug ? `/${post.slug}` : ''}`,
};

/**
 * The in-app form of an address the server built from PUBLIC_URL (a blog's `url`, a `post_url`):
 * its path, so that following it keeps the person on the host they are browsing (127.0.0.1, a LAN
 * address) with their session. An address that is no page of the app is left as it is.
 */
export function inAppHref(url: string): string;
export function inAppHref(url: string | undefined): string | undefined;
export function inAppHref(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  return matchPageRoute(parsed.pathname) ? parsed.pathname + parsed.search + parsed.hash : url;
}
