import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * The address limits count per: Fastify's request.ip, which reads X-Forwarded-For only when
 * TRUST_PROXY says a proxy in front sets it (otherwise anyone could name any address). An IPv6
 * client is counted by its /64, the block one subscriber is given, so cycling through the
 * addresses of one's own network does not buy new attempts.
 */
export function clientAddress(request: FastifyRequest): string {
  const raw = request.ip;
  if (!ipaddr.isValid(raw)) return raw;
  const parsed = ipaddr.process(raw);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
