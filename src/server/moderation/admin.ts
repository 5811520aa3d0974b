import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../http/errors';
import { requireViewer, type Viewer } from '../http/session';

/** The logged-in viewer when they are an admin (users.is_admin); 401 logged out, 403 for everyone else. */
export function requireAdmin(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request);
  if (!viewer.user.is_admin) throw new AppError(403, ErrorCode.forbidden, 'Only moderators can do that.');
  return viewer;
}
