import { createContext } from 'react';

/**
 * True inside the first post a page shows (a post's own page, the first of a feed): its first
 * photo is then usually the page's largest paint, so it is fetched at once and first rather than
 * lazily (issue 25 item 9). Every other photo stays lazy.
 */
export const LeadPostContext = createContext(false);
