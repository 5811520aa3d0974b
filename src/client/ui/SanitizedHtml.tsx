import { useMemo } from 'react';
import { sandboxIframes } from './sandbox-iframes';

interface SanitizedHtmlProps {
  /** HTML the server has sanitized: only the *_html and content_html fields of a post. */
  html: string;
  className?: string;
  as?: 'div' | 'blockquote' | 'span';
}

/** Renders sanitized post HTML, its iframes sandboxed before they can load. */
export function SanitizedHtml({ html, className, as: Tag = 'div' }: SanitizedHtmlProps) {
  const safe = useMemo(() => sandboxIframes(html), [html]);
  if (!html) return null;
  return <Tag className={className} data-user-html="" dangerouslySetInnerHTML={{ __html: safe }} />;
}
