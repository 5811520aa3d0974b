import type { FastifyRequest } from 'fastify';
import { requireViewer, type Viewer } from '../http/session';
import { adminOnly } from '../register-endpoints';

/**
 * The logged-in viewer when they are an admin (users.is_admin); 401 logged out, 403 for everyone else.
 * @deprecated A declared endpoint says `access: 'admin'` (register-endpoints.ts, the same 403);
 * kept only while blog-viewer/routes.ts registers its survey routes the old way.
 */
export function requireAdmin(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request);
  if (!viewer.user.is_admin) throw adminOnly();
  return viewer;
}
