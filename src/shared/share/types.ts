// The JSON of the share calls (spec 1 §3 "Share popover data", §7 "Share calls").
import type { PopupSize } from './constants';

/** The show_ flags: which options the popover lists (all false for a post only its owner sees). */
export interface ShareShowFlags {
  show_email: boolean;
  show_embed: boolean;
  show_facebook: boolean;
  show_permalink: boolean;
  show_pinterest: boolean;
  show_reporting_links: boolean;
  show_twitter: boolean;
  show_reddit: boolean;
  show_flagging: boolean;
}

export interface SharePopoverData extends ShareShowFlags {
  /** Where reports of this post go (the report call the popover's Report form uses). */
  abuse_url: string;
  /** An iframe snippet of the post's embed page; empty when embedding is off. */
  embed_code: string;
  /** A digest naming this embed (the iframe's id in embed_code); it reveals nothing of the key. */
  embed_did: string;
  /** The key the embed page asks for (its `key` parameter); empty when embedding is off. */
  embed_key: string;
  /** The viewer's form key; null for a logged-out visitor. */
  form_key: string | null;
  /** Always false: this site links no Facebook (or Twitter) accounts. */
  has_facebook: boolean;
  /** The viewer is logged in: the email form (not a mailto: link) and the reply-to switch. */
  has_user: boolean;
  is_private: boolean;
  /** The permalink as the popover shows it: the post's address without its scheme. */
  permalink_label: string;
  post_id: string;
  /** A short address that redirects to the post (/p/{id}). */
  post_tiny_url: string;
  post_url: string;
  root_id: string;
  tumblelog_name: string;
  /** The blog's linked Twitter name, for "via @name": always null (no linked accounts here). */
  twitter_username: string | null;
  pinterest_share_window: { url: string; name: string; dimensions: PopupSize };
  /** False: this is a post share (blog shares use /svc/email_tumblelog). */
  tumblelog_share: boolean;
  /** A short text about the post (title or first words), for tweets and Reddit titles. */
  post_summary: string;
}

export interface ShareDataResponse {
  share_popover_data: SharePopoverData;
}

export interface ShareEmailResponse {
  sent: true;
  /** Emailed shares left this hour. */
  remaining: number;
}

export interface ReportView {
  id: string;
  post_id: string;
  reason: string;
  message: string;
  created_at: string;
}

export interface ReportResponse {
  report: ReportView;
  /** True when this reporter had already reported the post (the first report stands). */
  already_reported: boolean;
}

/** POST /svc/share/{network} with a share_fallback: the network's own share page, to open in a window. */
export interface NetworkShareResponse {
  network: 'twitter' | 'facebook' | 'pinterest' | 'reddit';
  /** Always false here: no network account can be linked, so nothing was posted for the person. */
  posted: false;
  share_window: { url: string; name: string };
}
